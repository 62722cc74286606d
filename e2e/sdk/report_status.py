# SPDX-License-Identifier: Apache-2.0
"""A trainer's one progress report through the real Kubeflow SDK (kubeflow 0.5.0, unchanged).

    report_status.py URL CA_FILE TOKEN_FILE PROGRESS ETA METRICS_JSON

Sets the three variables the TrainJobStatus plugin injects into trainer pods, calls
kubeflow.trainer.update_trainjob_status() once, and prints one JSON line: whether the SDK says it
was sent, and the HTTP code of a refusal (the SDK returns only a bool and logs the code).
"""
import json
import logging
import os
import re
import sys

url, ca_file, token_file, progress, eta, metrics = sys.argv[1:7]
os.environ["KUBEFLOW_TRAINER_SERVER_URL"] = url
os.environ["KUBEFLOW_TRAINER_SERVER_CA_CERT"] = ca_file
os.environ["KUBEFLOW_TRAINER_SERVER_TOKEN"] = token_file


class Codes(logging.Handler):
    """Keeps the HTTP code of the SDK's 'Status update failed: HTTP <code>' warning."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.code = None
        self.messages = []

    def emit(self, record):
        message = record.getMessage()
        self.messages.append(message)
        found = re.search(r"HTTP (\d+)", message)
        if found:
            self.code = int(found.group(1))


codes = Codes()
logging.getLogger("kubeflow").addHandler(codes)
logging.getLogger("kubeflow").setLevel(logging.DEBUG)

from kubeflow.trainer import update_trainjob_status  # noqa: E402  (after the handler: its logger)

sent = update_trainjob_status(
    progress_percent=int(progress),
    estimated_remaining_seconds=int(eta),
    metrics=json.loads(metrics),
)
print(json.dumps({"sent": sent, "code": 200 if sent else codes.code, "log": codes.messages[-5:]}))
