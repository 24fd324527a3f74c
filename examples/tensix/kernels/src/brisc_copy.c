/* BRISC's part of scripts/oracle/tensix-gdb.sh (BRISC as GDB thread 4): while the TRISCs run
 * the eltwise add, copy input tile A (COPY_WORDS words at A_ADDR) to COPY_ADDR, then write
 * BRISC's done word. The copy must equal the manifest's input A, the add's result must be
 * unchanged. No Tensix pushes (BRISC's would go to T0's thread), so no tensix_sync. */
#include "tensix.h"

#define BRISC_CORE 3u

/* A call of its own, so that GDB can break in it and print its arguments. */
__attribute__((noinline)) void copy_words(reg_t dst, reg_t src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        dst[i] = src[i];
}

int main(void)
{
    copy_words((reg_t)COPY_ADDR, (reg_t)A_ADDR, COPY_WORDS);
    ((reg_t)DONE_BASE)[BRISC_CORE] = DONE_OK;
    for (;;) {
    }
}
