// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { type BoundedBody } from './body.js';
import { handleStatusRequest, type StatusRequestDeps } from './handle-request.js';
import { type ReportedTrainerStatus } from './payload.js';
import { statusPath } from './wire.js';

const PATH = statusPath('team-a', 'job-1');
const TIME = '2026-12-04T10:00:00Z';

function body(text: string): () => Promise<BoundedBody> {
  return () => Promise.resolve({ kind: 'read', bytes: new TextEncoder().encode(text) });
}

/** Allows the token `good`, fails on `boom`; records what was accepted; `unlisted`: the store cannot tell. */
function deps(accepted: ReportedTrainerStatus[], known: boolean | 'unlisted' = true): StatusRequestDeps {
  return {
    authorize: (header) => {
      if (header === 'Bearer boom') return Promise.reject(new Error('keys unavailable'));
      return Promise.resolve(header === 'Bearer good');
    },
    accept: (_ns, _name, status) => {
      if (known === 'unlisted') return Promise.reject(new Error('the TrainJob store has not listed yet'));
      accepted.push(status);
      return Promise.resolve(known ? 'accepted' : 'notFound');
    },
  };
}

interface Case {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  readBody?: () => Promise<BoundedBody>;
  jobKnown?: boolean | 'unlisted';
  wantCode: number;
  wantBody: string;
  wantAccepted?: ReportedTrainerStatus[];
}

const status = (code: number, message: string, reason: string) =>
  `{"metadata":{},"status":"Failure","message":${JSON.stringify(message)},"reason":"${reason}","code":${code}}\n`;

const auth = { authorization: 'Bearer good', 'content-type': 'application/json' };

const cases: Record<string, Case> = {
  'a full report is accepted and echoed in Go field order, time in UTC seconds': {
    headers: auth,
    readBody: body(
      `{"trainerStatus":{"lastUpdatedTime":"2026-12-04T11:00:00.123456+01:00","metrics":[{"value":"0.5","name":"loss"}],"progressPercentage":42,"estimatedRemainingSeconds":600},"extra":1}`,
    ),
    wantCode: 200,
    wantBody: `{"trainerStatus":{"progressPercentage":42,"estimatedRemainingSeconds":600,"metrics":[{"name":"loss","value":"0.5"}],"lastUpdatedTime":"${TIME}"}}\n`,
    wantAccepted: [
      {
        progressPercentage: 42,
        estimatedRemainingSeconds: 600,
        metrics: [{ name: 'loss', value: '0.5' }],
        lastUpdatedTime: TIME,
      },
    ],
  },
  'no trainerStatus is 200 with no write': {
    headers: auth,
    readBody: body('{"trainerStatus":null}'),
    wantCode: 200,
    wantBody: '{}\n',
    wantAccepted: [],
  },
  'a body of null is 200 with no write, as Go decodes it': {
    headers: auth,
    readBody: body('null'),
    wantCode: 200,
    wantBody: '{}\n',
    wantAccepted: [],
  },
  'another path is 404 Not found': {
    path: '/apis/trainer.kubeflow.org/v1alpha1/namespaces/team-a/trainjobs/job-1/status/',
    headers: auth,
    wantCode: 404,
    wantBody: status(404, 'Not found', 'NotFound'),
  },
  'GET on the route is 404 Not found (the catch-all handler answers)': {
    method: 'GET',
    headers: auth,
    wantCode: 404,
    wantBody: status(404, 'Not found', 'NotFound'),
  },
  'a declared body over 64 KiB is 413 before routing': {
    path: '/nowhere',
    headers: { 'content-length': '65537' },
    wantCode: 413,
    wantBody: status(413, 'Payload too large', 'RequestEntityTooLarge'),
  },
  'a streamed body over 64 KiB is 422 Invalid payload, as MaxBytesReader fails the decode': {
    headers: auth,
    readBody: () => Promise.resolve({ kind: 'tooLarge', declared: false }),
    wantCode: 422,
    wantBody: status(422, 'Invalid payload', 'Invalid'),
  },
  'no token is 403 Forbidden, and the body is never read': {
    headers: { 'content-type': 'application/json' },
    readBody: () => Promise.reject(new Error('must not be read')),
    wantCode: 403,
    wantBody: status(403, 'Forbidden', 'Forbidden'),
  },
  'an authorizer failure is 500 Internal error': {
    headers: { authorization: 'Bearer boom' },
    wantCode: 500,
    wantBody: status(500, 'Internal error', 'InternalError'),
  },
  'a content type other than JSON is 415': {
    headers: { authorization: 'Bearer good', 'content-type': 'text/plain' },
    wantCode: 415,
    wantBody: status(415, 'Unsupported media type', 'UnsupportedMediaType'),
  },
  'JSON with a charset is accepted': {
    headers: { authorization: 'Bearer good', 'content-type': 'Application/JSON; charset=utf-8' },
    readBody: body('{}'),
    wantCode: 200,
    wantBody: '{}\n',
  },
  'malformed JSON is 422 Invalid payload': {
    headers: auth,
    readBody: body('{"trainerStatus":'),
    wantCode: 422,
    wantBody: status(422, 'Invalid payload', 'Invalid'),
  },
  'NaN is not JSON: 422 Invalid payload': {
    headers: auth,
    readBody: body(`{"trainerStatus":{"progressPercentage":NaN,"lastUpdatedTime":"${TIME}"}}`),
    wantCode: 422,
    wantBody: status(422, 'Invalid payload', 'Invalid'),
  },
  'a fractional progress does not decode into int32: 422 Invalid payload': {
    headers: auth,
    readBody: body(`{"trainerStatus":{"progressPercentage":50.5,"lastUpdatedTime":"${TIME}"}}`),
    wantCode: 422,
    wantBody: status(422, 'Invalid payload', 'Invalid'),
  },
  'a progress over 100 is 422 with the API server message, and nothing is written': {
    headers: auth,
    readBody: body(`{"trainerStatus":{"progressPercentage":101,"lastUpdatedTime":"${TIME}"}}`),
    wantCode: 422,
    wantBody: status(
      422,
      'TrainJob.trainer.kubeflow.org "job-1" is invalid: status.trainerStatus.progressPercentage: Invalid value: 101: trainerStatus.progressPercentage in body should be less than or equal to 100',
      'Invalid',
    ),
    wantAccepted: [],
  },
  'a missing lastUpdatedTime is 422 with the CRD rule message, as the in-process validator prints it': {
    headers: auth,
    readBody: body('{"trainerStatus":{"progressPercentage":10}}'),
    wantCode: 422,
    wantBody: status(
      422,
      'TrainJob.trainer.kubeflow.org "job-1" is invalid: status.trainerStatus: Invalid value: lastUpdatedTime is required when trainerStatus is present',
      'Invalid',
    ),
    wantAccepted: [],
  },
  'an unknown TrainJob is 404 Train job not found': {
    headers: auth,
    readBody: body(`{"trainerStatus":{"lastUpdatedTime":"${TIME}"}}`),
    jobKnown: false,
    wantCode: 404,
    wantBody: status(404, 'Train job not found', 'NotFound'),
  },
  'a report while the TrainJob store has not listed in time is 500 Internal error, not a false 404': {
    headers: auth,
    readBody: body(`{"trainerStatus":{"lastUpdatedTime":"${TIME}"}}`),
    jobKnown: 'unlisted',
    wantCode: 500,
    wantBody: status(500, 'Internal error', 'InternalError'),
    wantAccepted: [],
  },
};

describe('handleStatusRequest', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const accepted: ReportedTrainerStatus[] = [];
      const got = await handleStatusRequest(
        {
          method: tc.method ?? 'POST',
          path: tc.path ?? PATH,
          headers: tc.headers ?? {},
          readBody: tc.readBody ?? body('{}'),
        },
        deps(accepted, tc.jobKnown ?? true),
      );
      expect(got).toEqual({ code: tc.wantCode, body: tc.wantBody });
      if (tc.wantAccepted !== undefined) expect(accepted).toEqual(tc.wantAccepted);
    });
  }
});
