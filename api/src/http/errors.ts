import type { ApiErrorBody } from '@checkout/shared';

/** A refusal with a clear message in the shape the page reads (ApiErrorBody); never logged as a failure. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly type?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ApiErrorBody {
    return {
      error: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.type ? { type: this.type } : {}),
    };
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const conflict = (message: string) => new HttpError(409, message);
/** A request the current state refuses, with the sentence saying why (409, code 'conflict'). */
export const refused = (sentence: string): HttpError => new HttpError(409, sentence, undefined, 'conflict');
