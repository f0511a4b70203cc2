/**
 * The stock migration policies of the hmm plugin ({@code always}, {@code ping-pong-guard}) and
 * the lookup of policies by name among the {@link org.iopf.api.hmm.MigrationPolicyFactory}
 * extensions.
 */
package org.iopf.plugin.hmm.policy;
