// ssr_nd: 2-, 3- and 4-D read streams (rptr[1..3]) walking a sub-block of a 4-D array with
// bounds[0..3] and relative strides[0..3] (notes/snitch.md §2.3), a 3-D write stream (wptr[2])
// scattering into a strided block, 2-D and 4-D writes (wptr[1], wptr[3]), and negative strides. Expected: the same walk done by plain C
// index loops.
// expect: exit=0
#include "snitch.h"

// x is viewed as x[D3][D2][D1][D0], element (i3,i2,i1,i0) = x[((i3*D2 + i2)*D1 + i1)*D0 + i0].
#define D0 5
#define D1 4
#define D2 3
#define D3 3
SNITCH_TCDM static double x[D3 * D2 * D1 * D0];
SNITCH_TCDM static double out[256];

static double elem(int i3, int i2, int i1, int i0) { return x[((i3 * D2 + i2) * D1 + i1) * D0 + i0]; }

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    for (int i = 0; i < D3 * D2 * D1 * D0; i++) x[i] = 3 * i + 1;
    const int s0 = 8, s1 = 8 * D0, s2 = 8 * D0 * D1, s3 = 8 * D0 * D1 * D2;

    // 2-D: rows 0..2, columns 1..3 of plane 0 (bounds 3 x 3), start at x[0][0][0][1].
    ssr_loop_2d(SSR_DM0, 3, 3, s0, s1);
    ssr_read(SSR_DM0, 2, &x[1]);
    snitch_ssr_enable();
    for (int i1 = 0; i1 < 3; i1++)
        for (int i0 = 0; i0 < 3; i0++) {
            double v = ssr_pop(ft0);
            CHECK(1, v == elem(0, 0, i1, i0 + 1));
        }
    snitch_ssr_disable();

    // 3-D: every other column (stride 16), all 4 rows, planes 0..2 of cube 1.
    ssr_loop_3d(SSR_DM1, 3, 4, 3, 2 * s0, s1, s2);
    ssr_read(SSR_DM1, 3, &x[D2 * D1 * D0]);
    snitch_ssr_enable();
    for (int i2 = 0; i2 < 3; i2++)
        for (int i1 = 0; i1 < 4; i1++)
            for (int i0 = 0; i0 < 3; i0++) {
                double v = ssr_pop(ft1);
                CHECK(2, v == elem(1, i2, i1, 2 * i0));
            }
    snitch_ssr_disable();

    // 4-D: the whole array with the innermost loop walking columns backwards (stride -8 from the
    // last column): bounds D0, D1, D2, D3.
    ssr_loop_4d(SSR_DM2, D0, D1, D2, D3, -s0, s1, s2, s3);
    ssr_read(SSR_DM2, 4, &x[D0 - 1]);
    snitch_ssr_enable();
    for (int i3 = 0; i3 < D3; i3++)
        for (int i2 = 0; i2 < D2; i2++)
            for (int i1 = 0; i1 < D1; i1++)
                for (int i0 = 0; i0 < D0; i0++) {
                    double v = ssr_pop(ft2);
                    CHECK(3, v == elem(i3, i2, i1, D0 - 1 - i0));
                }
    snitch_ssr_disable();

    // 3-D write: 2 x 3 x 4 elements pushed into out with strides 8, 48 (a row of 6), 160.
    for (int i = 0; i < 256; i++) out[i] = -1;
    ssr_loop_3d(SSR_DM2, 2, 3, 4, 8, 48, 160);
    ssr_write(SSR_DM2, 3, out);
    snitch_ssr_enable();
    for (int k = 0; k < 24; k++) ssr_push(ft2, k);
    snitch_ssr_disable();
    snitch_fpu_fence();
    int k = 0, written = 0;
    for (int i2 = 0; i2 < 4; i2++)
        for (int i1 = 0; i1 < 3; i1++)
            for (int i0 = 0; i0 < 2; i0++) {
                CHECK(4, out[i2 * 20 + i1 * 6 + i0] == k);
                k++;
            }
    for (int i = 0; i < 256; i++) written += out[i] != -1;
    CHECK(5, written == 24);

    // 2-D write (wptr[1]): 4 x 3 elements, rows of 4 at stride 8, row starts 80 bytes apart.
    for (int i = 0; i < 256; i++) out[i] = -1;
    ssr_loop_2d(SSR_DM1, 4, 3, 8, 80);
    ssr_write(SSR_DM1, 2, out);
    snitch_ssr_enable();
    for (int k = 0; k < 12; k++) ssr_push(ft1, 100 + k);
    snitch_ssr_disable();
    snitch_fpu_fence();
    for (int i1 = 0; i1 < 3; i1++)
        for (int i0 = 0; i0 < 4; i0++) CHECK(6, out[i1 * 10 + i0] == 100 + i1 * 4 + i0);

    // 4-D write (wptr[3]): 2 x 2 x 2 x 3 elements with strides 8, 24, 64, 256 (bytes).
    for (int i = 0; i < 256; i++) out[i] = -1;
    ssr_loop_4d(SSR_DM0, 2, 2, 2, 3, 8, 24, 64, 256);
    ssr_write(SSR_DM0, 4, out);
    snitch_ssr_enable();
    for (int k = 0; k < 24; k++) ssr_push(ft0, 200 + k);
    snitch_ssr_disable();
    snitch_fpu_fence();
    k = 0;
    written = 0;
    for (int i3 = 0; i3 < 3; i3++)
        for (int i2 = 0; i2 < 2; i2++)
            for (int i1 = 0; i1 < 2; i1++)
                for (int i0 = 0; i0 < 2; i0++) {
                    CHECK(7, out[i3 * 32 + i2 * 8 + i1 * 3 + i0] == 200 + k);
                    k++;
                }
    for (int i = 0; i < 256; i++) written += out[i] != -1;
    CHECK(8, written == 24);
    return 0;
}
