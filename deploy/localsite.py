"""A whole site of several ``sixtysix serve`` processes on this machine, as docs/DEPLOY.md lays
one out, for the tests, the load benchmark and a person trying it.

A :class:`LocalSite` makes a fresh PostgreSQL database (from the URL of a role that may create
databases), starts Debian's ``redis-server``, ``processes`` of ``sixtysix serve`` and nginx with
``deploy/nginx/sixtysix.conf`` as it is, each on a free loopback port, with everything they
write (logs, Redis's append-only file, nginx's temporary files) in one folder; and stops them
and drops the database at the end. Only the files that differ from machine to machine are its
own: nginx's top-level configuration and the three files of ``sixtysix/`` beside it.

    python deploy/localsite.py [--processes 2] [--postgres URL] [-- SERVE OPTIONS]

starts one and prints its address; Ctrl-C stops it. The PostgreSQL URL defaults to
``$SIXTYSIX_TEST_POSTGRES``.
"""

from __future__ import annotations

import argparse
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType, TracebackType

import psycopg
import redis
from psycopg import sql
from sqlalchemy.engine import make_url

NGINX_SITE = Path(__file__).resolve().parent / "nginx" / "sixtysix.conf"
"""The nginx site of docs/DEPLOY.md, which the local site runs unchanged."""
PROXY_FAILURES = "max_fails=1 fail_timeout=10s"
"""How nginx treats a process that refuses a connection: skipped for 10 seconds after one
failure (as in ``deploy/nginx/sixtysix/upstreams.conf``)."""
START_SECONDS = 120.0
"""How long a server may take to answer once started: generous, as a busy machine is slow."""


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def upstreams(ports: Sequence[int]) -> str:
    """The servers of nginx's ``upstream`` block for processes on these loopback ports.

    >>> print(upstreams([8001, 8002]), end="")
    server 127.0.0.1:8001 max_fails=1 fail_timeout=10s;
    server 127.0.0.1:8002 max_fails=1 fail_timeout=10s;
    """
    return "".join(f"server 127.0.0.1:{port} {PROXY_FAILURES};\n" for port in ports)


def answers(url: str) -> bool:
    """Whether ``url`` answers ``200``."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


class Child:
    """A program in a child process, its standard output and error appended to ``log``."""

    def __init__(self, name: str, log: Path) -> None:
        self.name = name
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, command: Sequence[str]) -> None:
        """Start ``command``."""
        with self.log.open("ab") as output:
            # In a session of its own: Ctrl-C at a terminal goes to the launcher only, which
            # stops the site in order.
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=output,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def wait_until(self, ready: Callable[[], bool], seconds: float = START_SECONDS) -> None:
        """Wait until ``ready()``; a :class:`RuntimeError` if the program exits or the time
        runs out first."""
        deadline = time.monotonic() + seconds
        while not ready():
            if self.process is None or self.process.poll() is not None:
                status = None if self.process is None else self.process.returncode
                raise RuntimeError(f"{self.name} exited with status {status}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not start within {seconds:g} s")
            time.sleep(0.1)

    def signal(self, number: int, seconds: float = 60) -> None:
        """Send the signal ``number`` (if the program still runs) and wait for its end."""
        self.send(number)
        self.wait(seconds)

    def send(self, number: int) -> None:
        """Send the signal ``number``, if the program still runs."""
        if self.running:
            assert self.process is not None
            self.process.send_signal(number)

    def wait(self, seconds: float = 60) -> None:
        """Wait for the program's end; SIGKILL if it is not over in ``seconds``."""
        if self.process is None:
            return
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    @property
    def running(self) -> bool:
        """Whether the program runs."""
        return self.process is not None and self.process.poll() is None

    def tail(self, lines: int) -> str:
        """The last ``lines`` of the log."""
        if not self.log.exists():
            return ""
        with self.log.open("rb") as log:
            return b"".join(log.readlines()[-lines:]).decode("utf-8", "replace")


class Process(Child):
    """One ``sixtysix serve`` process of the site, on its own loopback port."""

    def __init__(self, index: int, log: Path) -> None:
        super().__init__(f"sixtysix serve #{index}", log)
        self.port = free_port()

    @property
    def base(self) -> str:
        """The process's own HTTP address (not through nginx)."""
        return f"http://127.0.0.1:{self.port}"

    def ready(self) -> bool:
        """Whether the process answers ``/readyz`` with ``200``."""
        return answers(self.base + "/readyz")


class RedisServer:
    """Debian's ``redis-server`` on a free loopback port, its output in ``log`` and its
    append-only file in ``folder`` (so a restart keeps what was written, as a deployment's
    would)."""

    def __init__(self, folder: Path, log: Path) -> None:
        self.folder = folder
        self.child = Child("redis-server", log)
        self.port = free_port()

    @property
    def url(self) -> str:
        """The server's address, for ``--redis-url``."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server (again, on the same port, with what its append-only file kept)
        and wait until it answers."""
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.child.start([binary, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder),
                          "--appendonly", "yes", "--save", "", "--protected-mode", "yes"])
        client = redis.Redis(port=self.port)

        def ping() -> bool:
            try:
                return bool(client.ping())
            except redis.ConnectionError:
                return False

        try:
            self.child.wait_until(ping)
        finally:
            client.close()

    def stop(self) -> None:
        """Stop the server (its data stays in its append-only file)."""
        self.child.signal(signal.SIGTERM)


class LocalSite:
    """A site on this machine: a fresh database of the PostgreSQL server ``admin_url`` names
    (a role that may create databases), Redis, ``processes`` of ``sixtysix serve`` given
    ``arguments`` besides their addresses, and nginx in front, all writing in ``folder``.
    :meth:`start` starts it, :meth:`stop` stops everything and drops the database; as a
    context manager, both."""

    def __init__(self, admin_url: str, folder: Path, *, processes: int = 2,
                 arguments: Sequence[str] = ()) -> None:
        self.admin_url = admin_url
        self.folder = folder
        self.arguments = list(arguments)
        self.logs = folder / "logs"
        self.database = f"sixtysix_site_{uuid.uuid4().hex[:12]}"
        self.database_url = make_url(admin_url).set(database=self.database).render_as_string(
            hide_password=False)
        self.redis = RedisServer(folder / "redis", self.logs / "redis.log")
        self.processes = [Process(index, self.logs / f"serve-{index}.log") for index in range(processes)]
        self.nginx = Child("nginx", self.logs / "nginx.log")
        self.port = free_port()
        """nginx's port: the site's address."""
        self.http_port = free_port()
        """The port of nginx's plain HTTP server, which redirects to HTTPS."""
        self._created = False

    @property
    def base(self) -> str:
        """The site's HTTP address: nginx."""
        return f"http://127.0.0.1:{self.port}"

    def process_base(self, index: int) -> str:
        """The HTTP address of process ``index`` itself, not through nginx."""
        return self.processes[index].base

    # ------------------------------------------------------------------ the whole site

    def start(self) -> None:
        """Start the site and wait until nginx answers ``/readyz``; a :class:`RuntimeError`
        with the tails of the logs if it does not (and whatever started is stopped)."""
        self.logs.mkdir(parents=True, exist_ok=True)
        try:
            self._create_database()
            self.start_redis()
            # The first process migrates the new database; the others start once it has.
            self.start_process(0)
            for process in self.processes[1:]:
                self._launch(process)
            for process in self.processes[1:]:
                process.wait_until(process.ready)
            self._start_nginx()
        except Exception as error:
            self.stop()
            raise RuntimeError(f"the local site did not start: {error}\n{self.tails()}") from error

    def stop(self) -> None:
        """Stop nginx, the processes and Redis, and drop the database (what is stopped
        already is left alone)."""
        self.nginx.signal(signal.SIGTERM)
        for process in self.processes:
            process.send(signal.SIGTERM)
        for process in self.processes:
            process.wait()
        self.stop_redis()
        if self._created:
            with psycopg.connect(self._admin(), autocommit=True) as admin:
                admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(self.database)))
            self._created = False

    def __enter__(self) -> LocalSite:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    def tails(self, lines: int = 30) -> str:
        """The last ``lines`` of every log of the site, each under its file's name: what
        a failing test shows."""
        children = [*self.processes, self.redis.child, self.nginx]
        parts = [f"==> {child.log} <==\n{child.tail(lines)}" for child in children]
        error_log = self.folder / "nginx" / "error.log"
        if error_log.exists():
            parts.append(f"==> {error_log} <==\n{Child('nginx', error_log).tail(lines)}")
        return "\n".join(parts)

    # ------------------------------------------------------------------ the processes

    def start_process(self, index: int) -> None:
        """Start process ``index`` (again, on the same port) and wait until it is ready."""
        process = self.processes[index]
        self._launch(process)
        process.wait_until(process.ready)

    def kill(self, index: int) -> None:
        """Kill process ``index`` at once (SIGKILL)."""
        self.processes[index].signal(signal.SIGKILL)

    def stop_process(self, index: int) -> None:
        """Stop process ``index`` as systemd would (SIGTERM) and wait for its end."""
        self.processes[index].signal(signal.SIGTERM)

    def _launch(self, process: Process) -> None:
        process.start([sys.executable, "-m", "sixtysix", "serve", "--host", "127.0.0.1",
                       "--port", str(process.port), "--database-url", self.database_url,
                       "--redis-url", self.redis.url, "--forwarded-allow-ips", "127.0.0.1,::1",
                       *self.arguments])

    # ------------------------------------------------------------------ Redis

    def start_redis(self) -> None:
        """Start Redis (again, on the same port, with what its append-only file kept) and
        wait until it answers."""
        self.redis.start()

    def stop_redis(self) -> None:
        """Stop Redis (its data stays in its append-only file)."""
        self.redis.stop()

    # ------------------------------------------------------------------ PostgreSQL and nginx

    def _admin(self) -> str:
        """The admin URL as libpq takes it (without SQLAlchemy's driver name)."""
        return make_url(self.admin_url).set(drivername="postgresql").render_as_string(hide_password=False)

    def _create_database(self) -> None:
        with psycopg.connect(self._admin(), autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.database)))
        self._created = True

    def _start_nginx(self) -> None:
        """Write nginx's top-level configuration, which includes the site's file unchanged,
        and this machine's three files beside it; start nginx; wait until the site is ready
        through it."""
        prefix = self.folder / "nginx"
        (prefix / "sixtysix").mkdir(parents=True, exist_ok=True)
        for temporary in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (prefix / "temp" / temporary).mkdir(parents=True, exist_ok=True)
        (prefix / "sixtysix" / "upstreams.conf").write_text(upstreams([p.port for p in self.processes]))
        (prefix / "sixtysix" / "listen-https.conf").write_text(f"listen 127.0.0.1:{self.port};\n")
        (prefix / "sixtysix" / "listen-http.conf").write_text(f"listen 127.0.0.1:{self.http_port};\n")
        # As root, nginx's workers would run as nobody, who may not enter the folder.
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
        temp = "".join(f"    {name}_temp_path {prefix / 'temp' / folder};\n" for name, folder in (
            ("client_body", "body"), ("proxy", "proxy"), ("fastcgi", "fastcgi"), ("uwsgi", "uwsgi"),
            ("scgi", "scgi")))
        config = prefix / "nginx.conf"
        config.write_text(
            f"{user}worker_processes 1;\nworker_rlimit_nofile 16384;\npid {prefix / 'nginx.pid'};\n"
            f"error_log {prefix / 'error.log'} notice;\n"
            "events {\n    worker_connections 8192;\n}\n"
            f"http {{\n    access_log {prefix / 'access.log'};\n{temp}"
            f"    include {NGINX_SITE};\n}}\n")
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.nginx.start([binary, "-p", f"{prefix}/", "-c", str(config), "-e", str(prefix / "error.log"),
                          "-g", "daemon off;"])
        self.nginx.wait_until(lambda: answers(self.base + "/readyz"))


def main(argv: Sequence[str] | None = None) -> int:
    """Start a site for a person to try, print its address, and stop it at Ctrl-C."""
    parser = argparse.ArgumentParser(
        description="Start a site of several sixtysix serve processes behind nginx on this machine, "
                    "with a fresh PostgreSQL database and Redis, until Ctrl-C.")
    parser.add_argument("--processes", type=int, default=2, help="serve processes (default 2)")
    parser.add_argument("--postgres", default=os.environ.get("SIXTYSIX_TEST_POSTGRES"), metavar="URL",
                        help="a PostgreSQL role that may create databases, as postgresql://user:password@"
                             "host/db (default $SIXTYSIX_TEST_POSTGRES)")
    parser.add_argument("serve", nargs=argparse.REMAINDER, metavar="-- SERVE OPTIONS",
                        help="more options of each sixtysix serve process, after --")
    args = parser.parse_args(argv)
    if not args.postgres:
        parser.error("give --postgres URL or set SIXTYSIX_TEST_POSTGRES")
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    arguments = args.serve[1:] if args.serve[:1] == ["--"] else args.serve
    signal.signal(signal.SIGTERM, _terminated)
    with tempfile.TemporaryDirectory(prefix="sixtysix-site-") as folder:
        site = LocalSite(args.postgres, Path(folder), processes=args.processes, arguments=arguments)
        site.start()
        try:
            ports = ", ".join(str(process.port) for process in site.processes)
            print(f"Sixty-Six site: open {site.base}/ in a browser (processes on ports {ports}, "
                  f"Redis on {site.redis.port}, database {site.database}, logs in {site.logs}); "
                  "Ctrl-C stops it", flush=True)
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
        finally:
            site.stop()
    return 0


def _terminated(number: int, frame: FrameType | None) -> None:
    """SIGTERM stops the site as Ctrl-C does; another SIGTERM meanwhile is ignored."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(0)


if __name__ == "__main__":
    sys.exit(main())
