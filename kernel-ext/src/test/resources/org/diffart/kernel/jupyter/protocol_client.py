"""Drives a Jupyter kernel through jupyter_client and reports what came back, as JSON on stdout.

usage: /usr/bin/python3 protocol_client.py KERNEL_NAME < cells.json
cells.json: [{"code": "...", "interrupt_after": seconds (optional)}, ...]
output: [{"reply": "ok"|"error", "reply_content": {...}, "messages": [{"type": msg_type, "content": {...}}, ...]}, ...]
JUPYTER_PATH must name the folder holding kernels/KERNEL_NAME/kernel.json.
"""
import json
import sys
import threading

from jupyter_client.manager import start_new_kernel

TIMEOUT = 60


def run_cell(km, kc, cell):
    msg_id = kc.execute(cell["code"])
    if "interrupt_after" in cell:
        threading.Timer(cell["interrupt_after"], km.interrupt_kernel).start()
    messages = []
    while True:
        msg = kc.get_iopub_msg(timeout=TIMEOUT)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
        messages.append({"type": msg["msg_type"], "content": msg["content"]})
    while True:
        reply = kc.get_shell_msg(timeout=TIMEOUT)
        if reply["parent_header"].get("msg_id") == msg_id:
            return {"reply": reply["content"]["status"], "reply_content": reply["content"], "messages": messages}


def main():
    cells = json.load(sys.stdin)
    km, kc = start_new_kernel(kernel_name=sys.argv[1], startup_timeout=TIMEOUT)
    try:
        results = [run_cell(km, kc, cell) for cell in cells]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
