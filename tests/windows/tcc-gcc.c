/* Test scaffolding for `make windows-tests`, never shipped: runs tcc.exe as the judge runs gcc.
 *
 *   tcc-gcc.exe <path of tcc.exe> <gcc's arguments...>
 *
 * The Windows judge's tests (tests/it/judge_wine.rs) compile C under Wine with the Tiny C
 * Compiler 0.9.26 for win64 (scripts/ship/ensure-tcc.sh), named in OJ_CC as this program and
 * tcc's path. The judge calls the C compiler as gcc (`-std=gnu11 -O2 -pipe -o main.exe main.c
 * -lm`); tcc 0.9.26 refuses `-std=` and has no libm (Windows' C runtime has the math functions),
 * so this drops those two and runs tcc with the rest, with the same standard handles, and exits
 * with its exit code. The arguments are passed on unquoted: the judge's have no spaces. */
#include <process.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    char **args = calloc((size_t)argc, sizeof *args);
    if (!args)
        return 2;
    int n = 0;
    args[n++] = argv[1];
    for (int i = 2; i < argc; i++) {
        if (strncmp(argv[i], "-std=", 5) == 0 || strcmp(argv[i], "-lm") == 0)
            continue;
        args[n++] = argv[i];
    }
    args[n] = NULL;
    intptr_t code = _spawnv(_P_WAIT, argv[1], (const char *const *)args);
    return code < 0 ? 127 : (int)code;
}
