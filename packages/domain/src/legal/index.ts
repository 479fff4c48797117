/**
 * The legal documents (docs/product/legal.md): the privacy policy, the terms of service, the notice and
 * takedown policy and the 18+ statement. Each is written once, in English (the binding version), as
 * structured data in this folder; the web's /legal/:doc page and the API's /legal/<doc>.pdf both render it,
 * filling in the operator's name, address and contact mail from the running configuration.
 *
 * This module is reachable as `@mirage/domain/legal`, never from the package's main index: the footer needs
 * only the names and addresses of docs.ts, and the texts themselves (tens of kilobytes) load with the page that shows them
 * (`loadLegalDocument`, one chunk per document), never with the app's first load.
 */

// Only re-exports (a barrel): a bundler then takes into a chunk only the modules that chunk uses, so the
// footer's names and addresses come without the placeholder helpers or the loaders.
export * from './docs.ts';
export * from './placeholders.ts';
export * from './load.ts';
