// err_frep_csr: a CSR access (csrsi ssr, 1) between the instructions of an FREP body: it
// synchronises the integer core with the FP subsystem and cannot be sequenced (notes/snitch.md
// §3.4): clear error.
// expect: error=CSR access inside an FREP body
// expect-banshee: exit=100 (Banshee does not check)
#include "snitch.h"

int main(uint32_t hartid) {
    if (hartid != 0) return 0;
    double x = 1.0;
    asm volatile(FREP_O("%1", 2, 0, 0) "fadd.d %0, %0, %0\n csrsi 0x7c0, 1\n fadd.d %0, %0, %0\n"
                 "csrci 0x7c0, 1\n"
                 : "+f"(x)
                 : "r"(3)
                 : "memory");
    return 100;
}
