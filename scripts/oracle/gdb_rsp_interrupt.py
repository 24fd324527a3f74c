"""Drive macrosim's GDB server over the raw remote protocol (no GDB), for what GDB's batch mode
cannot script: an interrupt (the 0x03 byte GDB sends on Ctrl-C) while a hart runs, `k`, and a client
that disappears while a hart runs. Used by scripts/oracle/riscv-gdb.sh.

usage: gdb_rsp_interrupt.py PORT interrupt-kill LO HI   (stop pc must lie in [LO, HI))
       gdb_rsp_interrupt.py PORT vanish
"""

import socket
import sys
import time


def expand(data: str) -> str:
    """Undo the protocol's run-length encoding: `X*N` is X repeated ord(N) - 29 more times."""
    out, i = [], 0
    while i < len(data):
        if data[i] == "*":
            out.append(out[-1] * (ord(data[i + 1]) - 29))
            i += 2
        else:
            out.append(data[i])
            i += 1
    return "".join(out)


def packet(data: str) -> bytes:
    return f"${data}#{sum(data.encode()) % 256:02x}".encode()


class Client:
    def __init__(self, port: int):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.buf = b""

    def send(self, data: str) -> None:
        self.s.sendall(packet(data))

    def reply(self) -> str:
        """The next packet from the server (acks skipped), acknowledged."""
        while True:
            start = self.buf.find(b"$")
            if start >= 0:
                end = self.buf.find(b"#", start)
                if end >= 0 and len(self.buf) >= end + 3:
                    data = expand(self.buf[start + 1 : end].decode())
                    self.buf = self.buf[end + 3 :]
                    self.s.sendall(b"+")
                    return data
            chunk = self.s.recv(4096)
            if not chunk:
                raise SystemExit("FAIL: the server closed the connection")
            self.buf += chunk

    def ask(self, data: str) -> str:
        self.send(data)
        return self.reply()


def main() -> None:
    port, mode = int(sys.argv[1]), sys.argv[2]
    c = Client(port)
    c.ask("?")
    c.send("c")
    time.sleep(1.0)
    if mode == "vanish":
        c.s.close()
        print("rsp: left while running")
        return
    # Nothing may have come back yet: the hart spins for ever.
    c.s.setblocking(False)
    try:
        early = c.s.recv(4096)
    except BlockingIOError:
        early = b""
    c.s.setblocking(True)
    if b"$" in early:
        raise SystemExit(f"FAIL: stop reply before the interrupt: {early!r}")
    c.buf += early
    c.s.sendall(b"\x03")
    stop = c.reply()
    if not (stop.startswith("T02") or stop.startswith("S02")):
        raise SystemExit(f"FAIL: interrupt answered {stop!r}, not a SIGINT stop")
    regs = c.ask("g")  # x0..x31 then pc, 32 bits each, target byte order
    pc = int.from_bytes(bytes.fromhex(regs[32 * 8 : 33 * 8]), "little")
    lo, hi = int(sys.argv[3], 0), int(sys.argv[4], 0)
    if not lo <= pc < hi:
        raise SystemExit(f"FAIL: stopped at pc {pc:#x}, outside spin [{lo:#x}, {hi:#x})")
    c.send("k")
    # `k` has no reply: the server ends the session and closes the connection.
    c.s.settimeout(10)
    while c.s.recv(4096):
        pass
    print(f"rsp: interrupted at pc {pc:#x} ({stop[:3]}), killed")


main()
