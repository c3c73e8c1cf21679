"""Reading what a program wrote to a pseudo-terminal (os.openpty) until it closed its end."""
import os


def read_until_closed(controller):
    """Everything written to the terminal whose controlling side is CONTROLLER, once the
    program's end is closed (the caller closed its own copy of it first)."""
    shown = b''
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal's other end is closed: all read
            break
        if not chunk:
            break
        shown += chunk
    return shown
