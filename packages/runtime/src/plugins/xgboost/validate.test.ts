// SPDX-License-Identifier: Apache-2.0
import { validateXGBoost } from './validate.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { MLPolicy, Trainer } from '@kubetrain/api';

describe('validateXGBoost', () => {
  const cases: Record<
    string,
    { mlPolicy: MLPolicy; env: Trainer['env']; want: Array<Record<string, unknown>> }
  > = {
    'not an XGBoost runtime': {
      mlPolicy: { torch: {} },
      env: [{ name: 'DMLC_TASK_ID', value: '0' }],
      want: [],
    },
    'ordinary env': { mlPolicy: { xgboost: {} }, env: [{ name: 'X', value: '1' }], want: [] },
    'each reserved name: Forbidden at its index': {
      mlPolicy: { xgboost: {} },
      env: [
        { name: 'X', value: '1' },
        { name: 'DMLC_TRACKER_URI', value: 'h' },
        { name: 'DMLC_NUM_WORKER', value: '4' },
        { name: 'DMLC_TRACKER_PORT', value: '1' },
        { name: 'DMLC_TASK_ID', value: '0' },
      ],
      want: [
        {
          path: 'spec.trainer.env[1]',
          type: 'Forbidden',
          message: 'DMLC_TRACKER_URI is reserved for the XGBoost runtime',
        },
        {
          path: 'spec.trainer.env[2]',
          type: 'Forbidden',
          message: 'DMLC_NUM_WORKER is reserved for the XGBoost runtime',
        },
        {
          path: 'spec.trainer.env[3]',
          type: 'Forbidden',
          message: 'DMLC_TRACKER_PORT is reserved for the XGBoost runtime',
        },
        {
          path: 'spec.trainer.env[4]',
          type: 'Forbidden',
          message: 'DMLC_TASK_ID is reserved for the XGBoost runtime',
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf([rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] })], {
        mlPolicy: tc.mlPolicy,
      });
      expect(
        summarize(validateXGBoost(ruleInput(runtime, trainJobOf('job', { trainer: { env: tc.env } })))),
      ).toEqual(tc.want);
    });
  }
});
