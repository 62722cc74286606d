// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { decodeUpdateRequest, PayloadDecodeError, type UpdateTrainJobStatusRequest } from './payload.js';

const T = '2026-12-04T10:00:00Z';

const cases: Record<string, [string, UpdateTrainJobStatusRequest | 'invalid']> = {
  'field names match case-insensitively, as Go': [
    `{"TrainerStatus":{"ProgressPercentage":5,"lastupdatedtime":"${T}"}}`,
    { trainerStatus: { progressPercentage: 5, lastUpdatedTime: T } },
  ],
  'of two keys for one field, the last wins, as Go': [
    `{"trainerStatus":{"progressPercentage":5,"PROGRESSPERCENTAGE":7,"lastUpdatedTime":"${T}"}}`,
    { trainerStatus: { progressPercentage: 7, lastUpdatedTime: T } },
  ],
  'null fields stay unset; an empty metrics list is dropped': [
    `{"trainerStatus":{"progressPercentage":null,"metrics":[],"lastUpdatedTime":null}}`,
    { trainerStatus: { lastUpdatedTime: null } },
  ],
  'a null metric decodes to an empty one (the schema refuses it later)': [
    `{"trainerStatus":{"metrics":[null],"lastUpdatedTime":"${T}"}}`,
    { trainerStatus: { metrics: [{ name: '', value: '' }], lastUpdatedTime: T } },
  ],
  'a negative int32 decodes (the schema refuses it later)': [
    `{"trainerStatus":{"estimatedRemainingSeconds":-1,"lastUpdatedTime":"${T}"}}`,
    { trainerStatus: { estimatedRemainingSeconds: -1, lastUpdatedTime: T } },
  ],
  'a time with an offset and a fraction becomes UTC seconds': [
    `{"trainerStatus":{"lastUpdatedTime":"2026-12-04t05:30:00.999-04:30"}}`,
    { trainerStatus: { lastUpdatedTime: T } },
  ],
  'an int32 past its range': ['{"trainerStatus":{"progressPercentage":2147483648}}', 'invalid'],
  'an exponent is not an int32': ['{"trainerStatus":{"progressPercentage":1e2}}', 'invalid'],
  'a string is not an int32': ['{"trainerStatus":{"progressPercentage":"5"}}', 'invalid'],
  'a number is not a metric value': [
    '{"trainerStatus":{"metrics":[{"name":"loss","value":0.5}]}}',
    'invalid',
  ],
  'Infinity is not JSON': ['{"trainerStatus":{"progressPercentage":Infinity}}', 'invalid'],
  'a time that is not RFC 3339': ['{"trainerStatus":{"lastUpdatedTime":"2026-12-04 10:00:00"}}', 'invalid'],
  'an impossible time': ['{"trainerStatus":{"lastUpdatedTime":"2026-13-04T10:00:00Z"}}', 'invalid'],
  'a top-level array': ['[]', 'invalid'],
  'trainerStatus not an object': ['{"trainerStatus":3}', 'invalid'],
  'an empty body': ['', 'invalid'],
};

describe('decodeUpdateRequest', () => {
  for (const [name, [text, want]] of Object.entries(cases)) {
    it(name, () => {
      const decode = () => decodeUpdateRequest(new TextEncoder().encode(text));
      if (want === 'invalid') expect(decode).toThrow(PayloadDecodeError);
      else expect(decode()).toEqual(want);
    });
  }
});
