/** The end-of-run integrity check: did the bytes arrive where they should. */
package org.iopf.toolkit.integrity;
