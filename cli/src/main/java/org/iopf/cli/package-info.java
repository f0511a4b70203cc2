/**
 * The {@code iopf} command line: running platform files, validating them, listing components and
 * plugins, reproducing the bundled scenarios, and the interactive shell.
 */
package org.iopf.cli;
