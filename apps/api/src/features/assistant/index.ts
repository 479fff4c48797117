/** The assistant feature's public face (docs/product/assistant.md): what the composition root imports. */
export { createChatClient, type ChatClient } from './chat-client.ts';
export { createLiveCooccurrence } from './cooccurrence.ts';
export { loadTagIndex } from './dictionary.ts';
export { createAssistantRepository } from './repository.ts';
export { registerAssistantRoutes } from './routes.ts';
export { createAssistantService, type AssistantService } from './service.ts';
