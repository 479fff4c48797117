/**
 * The addresses of an image's files in the API's answers (docs/architecture/storage.md#files-host): on the
 * files host when FILES_PUBLIC_URL is set, on the site itself (`/images/...`) otherwise. The files host
 * answers the same paths; the web app adds its read token to its user's own files there.
 */
export function imageFileAddress(filesPublicUrl: string | undefined, file: string): string {
  return `${filesPublicUrl ?? ''}/images/${file}`;
}
