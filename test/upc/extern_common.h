/* extern_common.h — the declarations extern_main.upc and extern_other.upc
 * share: extern shared objects with their layouts, and the functions. */
#ifndef EXTERN_COMMON_H
#define EXTERN_COMMON_H

struct rec { int count; double scale; };

extern shared int ext_cyc[4 * THREADS];   /* defined in extern_other.upc */
extern shared [3] int ext_blk[30];
extern shared int ext_scalar;
extern shared struct rec ext_rec;
extern shared [4] int ext_rows[THREADS][4];

extern shared int here_cyc[3 * THREADS];  /* defined in extern_main.upc */
extern shared [2] double here_blk[11];

void fill_other_side(void);
long sum_here_from_other(void);
double sum_blk_from_other(void);
shared [3] int *other_ptr_to_blk(int i);

#endif
