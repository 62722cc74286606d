// SPDX-License-Identifier: Apache-2.0
// The text `kubetrain migrate --help` prints after the flags, in a module of its own so that the help
// loads without the migration code (which loads only when migrate runs).

import { TRAINING_OPERATOR_V1_API_VERSION } from '../kinds.js';

/** What `migrate --help` prints after the flags. */
export const MIGRATE_HELP = `
Each PyTorchJob, TFJob, MPIJob, XGBoostJob, PaddleJob or JAXJob (${TRAINING_OPERATOR_V1_API_VERSION}) of
the input becomes a TrainJob. PyTorchJob, XGBoostJob and JAXJob run on the shipped runtime of their
framework (torch-distributed, xgboost-distributed, jax-distributed), every replica one node, when
the TrainJob can carry the pod template: the framework container's image, command, args, env and
resources in spec.trainer, labels, annotations, volumes, node selection and the like in one
runtimePatches entry. Otherwise a TrainingRuntime named as the job carries the template and is
printed before the TrainJob. TFJob, PaddleJob and MPIJob always get one (v2 ships no runtime for
them). The env vars v1 gave the code (MASTER_ADDR, RANK, WORLD_SIZE, TF_CONFIG, PADDLE_MASTER, ...)
are set with the v2 host names; where the template sets one of them too, v1's value is set (v1
appended its own after the template's, which hid it) and the template's entry is a warning.

A v1 job its CRD or v1's admission webhook refuses (two Masters, an unknown replica type, a name
over 63 characters, ...) is an error, as is one whose v2 objects would be refused: each object is
checked as kubetrain validate checks objects (schema, CEL rules, both webhooks), and a job with
one refused object prints none of its objects. Errors: <kind>/<name>: <field path>: <message>.

Every v1 field that is not carried over, or behaves differently in v2, is a warning on stderr:
  Warning: <kind>/<name>: <field path>: not carried over: <why>
  Warning: <kind>/<name>: <field path>: changed: <how>

Examples:
  kubetrain migrate -f pytorchjob.yaml > trainjob.yaml
  kubectl get pytorchjobs -o yaml | kubetrain migrate -f - | kubectl apply -f -
  kubetrain migrate jobs/ -R --strict -o name      # in CI: fail on any warning

Exit codes:
  0  every v1 job converted (warnings included: they describe, they do not fail)
  1  a v1 job refused or that cannot be converted (its objects are not printed; the other jobs'
     are); with --strict, also any warning
  2  the input or the command could not be used (usage, a missing or unreadable file, input that
     is not YAML or JSON, larger than --max-bytes or nested too deep, no object in it)`;
