/** An error the screens can show as is: the server's `message`, or what to do when there is none. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GET a dashboard route; throws RequestError with the server's message on a non-2xx answer. */
export const fetchJson = async <T>(url: string, signal?: AbortSignal): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new RequestError("The server cannot be reached. Check your connection; the page retries by itself.", 0);
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (response.status === 401) throw new RequestError("Your session has ended. Sign in again to continue.", 401);
  throw new RequestError(body?.message ?? `The server answered ${response.status}. Try again in a moment.`, response.status);
};
