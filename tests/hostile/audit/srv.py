import json, subprocess, sys, time, os, select
def frame(obj, header="Content-Length", sep=b"\r\n", length=None):
    body = json.dumps(obj).encode()
    n = len(body) if length is None else length
    return f"{header}: {n}".encode() + sep + sep + body
init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}}
cases = {
    "huge-length": b"Content-Length: 1000000000000\r\n\r\n{",
    "overflow-length": b"Content-Length: 9223372036854775808\r\n\r\n{",
    "lowercase-header": frame({"jsonrpc": "2.0", "method": "x"}, header="content-length"),
    "lf-only": frame({"jsonrpc": "2.0", "method": "x"}, sep=b"\n"),
    "short-length": b"Content-Length: 10\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 9, "x"}',
    "long-length": b"Content-Length: 60\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 9}',
    "garbage": b"hello world\r\n\r\n",
}
for name, bad in cases.items():
    p = subprocess.Popen([sys.executable, "-m", "goldlint", "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdin.write(bad + frame(init)); p.stdin.flush()
    got = b""; deadline = time.time() + 20
    while time.time() < deadline and b'"id":1' not in got.replace(b" ", b""):
        r, _, _ = select.select([p.stdout], [], [], 1)
        if r:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk: break
            got += chunk
    ok = b'"id":1' in got.replace(b" ", b"") and b'"result"' in got
    p.stdin.close(); p.kill(); err = p.stderr.read().decode(errors="replace")
    print(f"### server-{name}: initialize answered={ok} traceback={'Traceback' in err} exit={p.wait()}")
