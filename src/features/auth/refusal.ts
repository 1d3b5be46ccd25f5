/**
 * A token the API refused (401), explained with the API's own reason and its name: the usual cause
 * is a token meant for another API.
 */
export function refusalProblem(message: string, apiName: string): string {
  const reason = message.trim() === '' ? '' : `: “${message}”`;
  return `The API ${apiName} refused this token (401)${reason}. Is this a token for ${apiName}?`;
}
