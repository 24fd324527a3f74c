/* TRISC2 program shared by the one-tile kernels that leave an FP32 tile in Dst half 0
 * (sfpu_add, tilize, untilize): wait for math, pack the tile to C_ADDR as FP32, release the half.
 *
 * Parameters (-D): C_ADDR. */
#include "llk.h"

int main(void)
{
    pack_single_tile(FMT_FP32, FMT_FP32, 1, C_ADDR);
    done(2, DONE_OK);
}
