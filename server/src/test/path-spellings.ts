/**
 * Other ways of writing an /api URL that a router decoding or normalising paths could take for the same route:
 * an escaped letter, another case, a doubled slash, a `.` segment, and an escaped slash. Each must either reach
 * the route with every rule of the route applied, or reach nothing (404).
 */
export function pathSpellings(url: string): string[] {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at);
  if (!path.startsWith('/api/')) return [];
  const rest = path.slice('/api/'.length);
  const firstSegment = rest.split('/')[0]!;
  const spellings = [
    `/%61pi/${rest}`,
    `/API/${rest}`,
    `//api/${rest}`,
    `/api/./${rest}`,
    `/api%2F${rest}`,
    // The last letter of the first segment escaped: `/api/contact%73`.
    `/api/${firstSegment.replace(/[a-z](?=[^a-z]*$)/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}${rest.slice(firstSegment.length)}`,
  ];
  if (rest.includes('/')) spellings.push(`/api/${rest.replace('/', '%2F')}`);
  return spellings.map((spelling) => spelling + query);
}
