// Spectral function: the operation declares a 2xx (or redirect) answer; a 2xx other than 204 has content
// with a schema, and every answer has a real description (not @fastify/swagger's "Default Response").
export default function successAnswer(operation, _options, context) {
  const responses = operation?.responses ?? {};
  const problems = [];
  const success = Object.keys(responses).filter((status) => /^[23]\d\d$/.test(status));
  if (success.length === 0)
    problems.push({ message: 'No success answer is declared.', path: [...context.path] });
  for (const status of success) {
    const answer = responses[status];
    if (!answer.description || answer.description === 'Default Response') {
      problems.push({
        message: `The ${status} answer has no description.`,
        path: [...context.path, 'responses', status],
      });
    }
    if (/^2/.test(status) && status !== '204') {
      const media = Object.values(answer.content ?? {});
      if (media.length === 0 || media.some((entry) => !entry.schema)) {
        problems.push({
          message: `The ${status} answer has no schema.`,
          path: [...context.path, 'responses', status],
        });
      }
    }
  }
  return problems;
}
