// SPDX-License-Identifier: Apache-2.0
import {
  AlreadyExistsError,
  ApiError,
  ConflictError,
  errorFromResponse,
  errorFromStatus,
  ForbiddenError,
  GoneError,
  ignoreNotFound,
  InvalidError,
  NotFoundError,
  TimeoutError,
} from './errors.js';

const status = (code: number, reason: string, message = 'm', causes?: object[]): object => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
  ...(causes ? { details: { causes } } : {}),
});

interface Case {
  code: number;
  body: unknown;
  want: new (...args: never[]) => ApiError;
  reason: string;
}

const cases: Record<string, Case> = {
  '404 NotFound Status': {
    code: 404,
    body: status(404, 'NotFound'),
    want: NotFoundError,
    reason: 'NotFound',
  },
  '409 AlreadyExists is not a conflict': {
    code: 409,
    body: status(409, 'AlreadyExists'),
    want: AlreadyExistsError,
    reason: 'AlreadyExists',
  },
  '409 Conflict': { code: 409, body: status(409, 'Conflict'), want: ConflictError, reason: 'Conflict' },
  '422 Invalid': { code: 422, body: status(422, 'Invalid'), want: InvalidError, reason: 'Invalid' },
  '403 Forbidden': { code: 403, body: status(403, 'Forbidden'), want: ForbiddenError, reason: 'Forbidden' },
  '410 Expired': { code: 410, body: status(410, 'Expired'), want: GoneError, reason: 'Expired' },
  '410 Gone': { code: 410, body: status(410, 'Gone'), want: GoneError, reason: 'Gone' },
  '504 Timeout': { code: 504, body: status(504, 'Timeout'), want: TimeoutError, reason: 'Timeout' },
  '500 ServerTimeout': {
    code: 500,
    body: status(500, 'ServerTimeout'),
    want: TimeoutError,
    reason: 'ServerTimeout',
  },
  'Status as a JSON string': {
    code: 404,
    body: JSON.stringify(status(404, 'NotFound')),
    want: NotFoundError,
    reason: 'NotFound',
  },
  'plain-text 404 falls back to the code': {
    code: 404,
    body: '404 page not found',
    want: NotFoundError,
    reason: 'Unknown',
  },
  'empty 504 from a proxy': { code: 504, body: '', want: TimeoutError, reason: 'Unknown' },
  '500 InternalError stays generic': {
    code: 500,
    body: status(500, 'InternalError'),
    want: ApiError,
    reason: 'InternalError',
  },
  '429 TooManyRequests stays generic': {
    code: 429,
    body: status(429, 'TooManyRequests'),
    want: ApiError,
    reason: 'TooManyRequests',
  },
};

describe('errorFromResponse', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const error = errorFromResponse(tc.code, tc.body, { method: 'GET', path: '/api/v1/x' });
      expect(error).toBeInstanceOf(tc.want);
      expect(error.constructor).toBe(tc.want);
      expect(error.reason).toBe(tc.reason);
      expect(error.code).toBe(tc.code);
      expect(error.message.startsWith('GET /api/v1/x: ')).toBe(true);
    });
  }

  it('keeps the causes and field paths of an Invalid Status', () => {
    const causes = [
      { reason: 'FieldValueInvalid', message: 'Invalid value: -1', field: 'spec.trainer.numNodes' },
      { reason: 'FieldValueRequired', message: 'Required value' },
    ];
    const error = errorFromResponse(422, status(422, 'Invalid', 'TrainJob "x" is invalid', causes));
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).fields).toEqual(['spec.trainer.numNodes']);
    expect(error.causes).toEqual(causes);
    expect(error.message).toBe('TrainJob "x" is invalid');
  });

  it('maps a watch ERROR event by its Status code', () => {
    const error = errorFromStatus(status(410, 'Expired', 'too old resource version: 1 (42)') as never);
    expect(error).toBeInstanceOf(GoneError);
    expect(error.message).toBe('too old resource version: 1 (42)');
  });
});

describe('ignoreNotFound', () => {
  it('swallows NotFoundError only', () => {
    expect(ignoreNotFound(new NotFoundError('x', 404, 'NotFound'))).toBeUndefined();
    expect(() => ignoreNotFound(new ConflictError('x', 409, 'Conflict'))).toThrow(ConflictError);
  });
});
