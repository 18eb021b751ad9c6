#!/usr/bin/env python3
"""tcp_run.py PORTFILE CMD [ARGS...]: runs CMD with SPLITGL_TRANSPORT=tcp:127.0.0.1:PORT, PORT
read from the file a splitgl-server --listen 127.0.0.1:0 --port-file wrote (tcp_server.py's
fixtures), so any test program runs over tcp without racing for a port. Exits with CMD's status.
Python 3 standard library only."""
import os
import sys

if len(sys.argv) < 3:
    print(__doc__)
    sys.exit(2)
with open(sys.argv[1]) as f:
    os.environ["SPLITGL_TRANSPORT"] = "tcp:127.0.0.1:%d" % int(f.read().strip())
os.execv(sys.argv[2], sys.argv[2:])
