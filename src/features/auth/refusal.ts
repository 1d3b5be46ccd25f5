/**
 * A token the API refused (401), explained with the API's own reason and its name: the usual cause
 * is a token meant for another API.
 */
export function refusalProblem(message: string, apiName: string): string {
  const reason = message.trim() === '' ? '' : `: “${message}”`;
  return `The API ${apiName} refused this token (401)${reason}. Is this a token for ${apiName}?`;
}

/**
 * The access token the identity provider issued, refused by the API right after sign-in: the
 * console sent it as issued (it cannot check a provider's signature), so the API and the provider
 * disagree on how its tokens are signed or for whom.
 */
export function providerRefusalProblem(
  message: string,
  apiName: string,
  providerName: string,
): string {
  const reason = message.trim() === '' ? '' : `: “${message}”`;
  return `The API ${apiName} refused the access token ${providerName} issued (401)${reason}. The provider’s tokens must be signed the way this API checks them: ask the API’s administrator which issuer, algorithm and keys it trusts (or how it checks opaque tokens), and check the provider’s resource or audience for this API.`;
}
