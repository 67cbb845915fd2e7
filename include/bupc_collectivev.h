/* bupc_collectivev.h — Berkeley UPC's value collectives: each thread gives a
 * value (not a shared array) and gets one back.  TYPE is a C integer or
 * floating type (char ... unsigned long long, float, double, long double,
 * and their typedefs such as int64_t); reductions take UPC_ADD UPC_MULT
 * UPC_AND UPC_OR UPC_XOR UPC_LOGAND UPC_LOGOR UPC_MIN UPC_MAX.  All are
 * collective, with single-valued TYPE, op and root.
 *
 *   TYPE  bupc_allv_reduce(TYPE, value, root, op)      result on root
 *   TYPE  bupc_allv_reduce_all(TYPE, value, op)        result on every thread
 *   TYPE  bupc_allv_prefix_reduce(TYPE, value, op)     threads 0..MYTHREAD
 *   TYPE  bupc_allv_broadcast(TYPE, value, root)
 *   TYPE  bupc_allv_scatter(TYPE, root_array, root)    root_array[MYTHREAD]
 *   void *bupc_allv_gather(TYPE, value, root, root_array)  returns root_array
 *   void *bupc_allv_gather_all(TYPE, value, array)     array: THREADS values
 *   TYPE  bupc_allv_permute(TYPE, value, to_thread)
 *
 * bupc_all_reduce_allT(value, op) for T in C UC S US I UI L UL F D LD is the
 * same reduce-to-all with a type letter instead of a type argument. */
#ifndef BUPC_COLLECTIVEV_H
#define BUPC_COLLECTIVEV_H

#include <stddef.h>
#include "upc_types.h"

void *upcrt_allv_reduce(int kind, upc_type_t type, size_t size, void *out, const void *in,
                        upc_op_t op, int root, const char *what);
void *upcrt_allv_move(int kind, size_t size, void *out, const void *in, int root,
                      const char *what);

#define __BUPC_ALLV_TYPE(TYPE)                                                     \
  _Generic((TYPE)0, char: UPC_CHAR, signed char: UPC_CHAR, unsigned char: UPC_UCHAR, \
           short: UPC_SHORT, unsigned short: UPC_USHORT, int: UPC_INT,              \
           unsigned int: UPC_UINT, long: UPC_LONG, unsigned long: UPC_ULONG,        \
           long long: UPC_LLONG, unsigned long long: UPC_ULLONG, float: UPC_FLOAT,  \
           double: UPC_DOUBLE, long double: UPC_LDOUBLE)

#define __BUPC_ALLV_RED(kind, TYPE, value, root, op, what)                         \
  (*(TYPE *)upcrt_allv_reduce((kind), __BUPC_ALLV_TYPE(TYPE), sizeof(TYPE),        \
                              (TYPE[1]){0}, (TYPE[1]){(value)}, (op), (root), what))
#define bupc_allv_reduce(TYPE, value, root, op)                                   \
  __BUPC_ALLV_RED(0, TYPE, value, root, op, "bupc_allv_reduce")
#define bupc_allv_reduce_all(TYPE, value, op)                                     \
  __BUPC_ALLV_RED(1, TYPE, value, 0, op, "bupc_allv_reduce_all")
#define bupc_allv_prefix_reduce(TYPE, value, op)                                  \
  __BUPC_ALLV_RED(2, TYPE, value, 0, op, "bupc_allv_prefix_reduce")

#define bupc_allv_broadcast(TYPE, value, root)                                    \
  (*(TYPE *)upcrt_allv_move(0, sizeof(TYPE), (TYPE[1]){0}, (TYPE[1]){(value)}, (root), \
                            "bupc_allv_broadcast"))
#define bupc_allv_scatter(TYPE, root_array, root)                                 \
  (*(TYPE *)upcrt_allv_move(1, sizeof(TYPE), (TYPE[1]){0}, (const TYPE *)(root_array), \
                            (root), "bupc_allv_scatter"))
#define bupc_allv_gather(TYPE, value, root, root_array)                           \
  upcrt_allv_move(2, sizeof(TYPE), (TYPE *)(root_array), (TYPE[1]){(value)}, (root),    \
                  "bupc_allv_gather")
#define bupc_allv_gather_all(TYPE, value, array)                                  \
  upcrt_allv_move(3, sizeof(TYPE), (TYPE *)(array), (TYPE[1]){(value)}, 0,            \
                  "bupc_allv_gather_all")
#define bupc_allv_permute(TYPE, value, to_thread)                                 \
  (*(TYPE *)upcrt_allv_move(4, sizeof(TYPE), (TYPE[1]){0}, (TYPE[1]){(value)},      \
                            (to_thread), "bupc_allv_permute"))

signed char bupc_all_reduce_allC(signed char value, upc_op_t op);
unsigned char bupc_all_reduce_allUC(unsigned char value, upc_op_t op);
short bupc_all_reduce_allS(short value, upc_op_t op);
unsigned short bupc_all_reduce_allUS(unsigned short value, upc_op_t op);
int bupc_all_reduce_allI(int value, upc_op_t op);
unsigned int bupc_all_reduce_allUI(unsigned int value, upc_op_t op);
long bupc_all_reduce_allL(long value, upc_op_t op);
unsigned long bupc_all_reduce_allUL(unsigned long value, upc_op_t op);
float bupc_all_reduce_allF(float value, upc_op_t op);
double bupc_all_reduce_allD(double value, upc_op_t op);
long double bupc_all_reduce_allLD(long double value, upc_op_t op);

#endif
