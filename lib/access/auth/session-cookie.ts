import { getConfig } from "@/lib/platform/config";

/**
 * Whether the session cookie is `Secure` (and named `__Secure-next-auth.session-token`, as next-auth
 * names it then): when PUBLIC_URL, where users reach the service, is https. Sign-in sets it and every
 * reader of the session looks for it under that name.
 */
export const usesSecureCookies = (): boolean => getConfig().PUBLIC_URL?.startsWith("https://") ?? false;

/**
 * next-auth 4 reads its own URL (redirects, callback URLs) only from process.env.NEXTAUTH_URL: it is
 * PUBLIC_URL, so one setting says where users reach the service.
 */
export const applyPublicUrlToNextAuth = (): void => {
  const { PUBLIC_URL } = getConfig();
  // A write, not a read of configuration: next-auth has no option for its URL.
  // eslint-disable-next-line no-restricted-properties
  if (PUBLIC_URL) process.env.NEXTAUTH_URL = PUBLIC_URL;
};
