package org.iopf.api.nic;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Attributes of a queue pair.
 *
 * @param maxSendRequests send-queue depth, {@code > 0}
 * @param maxReceiveRequests receive-queue depth, {@code > 0}
 * @param retryCount transport retries before {@link CompletionStatus#TRANSPORT_RETRY_EXCEEDED}
 *     (IB {@code retry_cnt}, 0–7)
 * @param rnrRetry RNR retries before {@link CompletionStatus#RNR_RETRY_EXCEEDED}
 *     (IB {@code rnr_retry}, 0–7; 7 = infinite)
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public record QueuePairConfig(int maxSendRequests, int maxReceiveRequests, int retryCount, int rnrRetry) {
    /** 256-deep queues, 7 transport retries, infinite RNR retries. */
    public static final QueuePairConfig DEFAULT = new QueuePairConfig(256, 256, 7, 7);

    /** Checks arguments. */
    public QueuePairConfig {
        if (maxSendRequests <= 0 || maxReceiveRequests <= 0) {
            throw new IllegalArgumentException("queue depths must be > 0");
        }
        if (retryCount < 0 || retryCount > 7 || rnrRetry < 0 || rnrRetry > 7) {
            throw new IllegalArgumentException("retryCount and rnrRetry must be in 0..7");
        }
    }
}
