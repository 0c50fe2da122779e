# The judge's Python fork server: see src/judge/init/fork.rs.
import gc, io, os, sys


def serve():
    path = sys.argv[1]
    with open(path, 'rb') as f:
        code = compile(f.read(), path, 'exec', dont_inherit=True)
    r, w, buf = os.dup(0), os.dup(1), b''
    getattr(gc, 'freeze', int)()
    os.write(w, b'up\n')
    while True:
        while b'\n' not in buf:
            got = os.read(r, 4096)
            if not got:
                os._exit(0)
            buf += got
        line, buf = buf.split(b'\n', 1)
        pid = os.fork()
        if pid == 0:
            os.close(r)
            os.close(w)
            return path, code, os.fsdecode(line).split('\0')
        os.write(w, b'%d\n' % os.waitpid(pid, 0)[1])


def fd(to, name, flags):
    f = os.open(name, flags, 0o666)
    os.dup2(f, to)
    os.close(f)


def stream(to, old, mode):
    s = io.TextIOWrapper(io.open(to, mode + 'b', closefd=False), old.encoding, old.errors, '\n',
                         old.line_buffering, old.write_through)
    s.mode = mode
    try:
        s.buffer.raw.name = old.name
    except AttributeError:
        pass
    return s


path, code, (stdin, stdout, *args) = serve()
fd(0, stdin or os.devnull, os.O_RDONLY)
fd(1, stdout, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
fd(2, os.devnull, os.O_WRONLY)
sys.stdin = sys.__stdin__ = stream(0, sys.stdin, 'r')
sys.stdout = sys.__stdout__ = stream(1, sys.stdout, 'w')
sys.stderr = sys.__stderr__ = stream(2, sys.stderr, 'w')
main = type(sys)('__main__')
main.__file__, main.__cached__, main.__builtins__ = path, None, __builtins__
sys.modules['__main__'], sys.argv, sys.path[0] = main, [path] + args, os.path.dirname(path)
try:
    exec(code, vars(main))
    status = 0
except SystemExit as e:
    status = 0 if e.code is None else e.code if isinstance(e.code, int) else print(e.code, file=sys.stderr) or 1
except BaseException:
    sys.excepthook(*sys.exc_info())
    status = 1
if 'threading' in sys.modules:
    sys.modules['threading']._shutdown()
import atexit
atexit._run_exitfuncs()
for s in sys.stdout, sys.stderr:
    try:
        s is None or s.closed or s.flush()
    except Exception:
        status = 120
vars(main).clear()
for s in sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__:
    try:
        s is None or s.closed or s.flush()
    except Exception:
        pass
os._exit(status & 255)
