/** Every error the service answers with, and its HTTP status. The OpenAPI error responses derive from it. */
export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

type AppErrorOptions = {
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  cause?: unknown;
};

/** The one error type domain code throws; each interface maps it to its protocol. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, { headers = {}, cause }: AppErrorOptions = {}) {
    super(message, { cause });
    this.name = "AppError";
    this.code = code;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
