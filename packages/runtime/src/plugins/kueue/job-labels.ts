// SPDX-License-Identifier: Apache-2.0
import { Labels } from '@kubetrain/api/core';

/** The Kueue labels that must never reach a JobSet owned by a TrainJob (the plugin strips them; a rule checks them). */
export const KUEUE_JOB_LABELS = [Labels.KueueQueueName, Labels.KueuePriorityClass] as const;
