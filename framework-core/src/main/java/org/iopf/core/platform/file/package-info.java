/**
 * Platform files: YAML that describes a platform, the workload to run on it and the expectations
 * the run should meet, read into a {@link org.iopf.core.platform.Scenario} and validated in full
 * before anything runs. Every error names the file, line, column and path of the offending key or
 * value, says what was expected and suggests the nearest valid name.
 *
 * <p>{@link org.iopf.core.platform.file.PlatformFileReader} is the entry point; the schema is
 * documented in {@code docs/platform-files.md}.
 *
 * @since 0.1
 */
package org.iopf.core.platform.file;
