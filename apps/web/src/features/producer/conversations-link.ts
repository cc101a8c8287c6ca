// Where the Clients screen sends a producer to write to one of its clients; ConversationsScreen reads it back.

/** Where the Clients screen sends a producer to write to one of its clients. */
export function writeToClientPath(client: {
  clientId: number;
  label: string;
  planNo?: string | null;
}): string {
  const query = new URLSearchParams({ clientId: String(client.clientId), client: client.label });
  if (client.planNo) query.set('planNo', client.planNo);
  return `/b2b/conversations?${query}`;
}
