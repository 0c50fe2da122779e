/* Test scaffolding for `make windows-tests`, never shipped: a bcryptprimitives.dll for Wine 8.0.
 *
 * Rust's std on Windows imports bcryptprimitives!ProcessPrng (its random source since Windows 10)
 * and the loader resolves it before main. Wine 8.0's bcryptprimitives.dll lacks that export, so
 * the process dies at start-up (exit code 53). This DLL exports ProcessPrng on top of
 * advapi32!SystemFunction036 (RtlGenRandom), which Wine has; scripts/ship/windows-check.sh builds
 * it with mingw-w64 and installs it into the test Wine prefix only, as a native override. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        /* SystemFunction036 takes a ULONG length: feed it at most 1 GiB at a time. */
        ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
