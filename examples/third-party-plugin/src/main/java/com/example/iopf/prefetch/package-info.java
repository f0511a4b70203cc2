/**
 * An example third-party iopf plugin: the {@code prefetch-paging} fault handler (seed 000 §6).
 * It is written against {@code framework-api} only, as every plugin must be.
 */
package com.example.iopf.prefetch;
