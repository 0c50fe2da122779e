"""Reads files out of the bare git mirrors of the public archives (never a work tree: nothing of
them is copied into the repository)."""

import subprocess
import threading


class Mirror:
    """One bare mirror, read at its HEAD: the list of its files and each file's bytes."""

    def __init__(self, git_dir):
        self.git_dir = git_dir
        self._paths = None
        self._cat = None
        self._lock = threading.Lock()

    def exists(self):
        probe = ["git", "--git-dir", self.git_dir, "rev-parse", "--verify", "-q", "HEAD"]
        return subprocess.run(probe, capture_output=True).returncode == 0

    def paths(self):
        """Every file path at HEAD (NUL-separated by git, so paths with non-ASCII names stay whole)."""
        if self._paths is None:
            out = subprocess.run(
                ["git", "--git-dir", self.git_dir, "ls-tree", "-r", "-z", "--name-only", "HEAD"],
                capture_output=True,
                check=True,
            ).stdout
            self._paths = [p.decode("utf-8", "replace") for p in out.split(b"\0") if p]
        return self._paths

    def read(self, path):
        """The file's bytes, or None when HEAD has no such file. One `git cat-file --batch` per
        mirror serves every read: thousands of small files, one process."""
        with self._lock:
            if self._cat is None:
                self._cat = subprocess.Popen(
                    ["git", "--git-dir", self.git_dir, "cat-file", "--batch"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                )
            self._cat.stdin.write(b"HEAD:" + path.encode("utf-8") + b"\n")
            self._cat.stdin.flush()
            header = self._cat.stdout.readline().decode()
            if header.endswith("missing\n") or not header.strip():
                return None
            size = int(header.split()[2])
            data = self._cat.stdout.read(size)
            self._cat.stdout.read(1)  # the newline after the object
            return data

    def text(self, path):
        data = self.read(path)
        return None if data is None else data.decode("utf-8", "replace")

    def close(self):
        if self._cat is not None:
            self._cat.stdin.close()
            self._cat.wait()
            self._cat = None
