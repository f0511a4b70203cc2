package org.iopf.plugin.smmuv3pri;

/**
 * The PCIe side of an ATS/PRI endpoint as the SMMU's root port reaches it: PRG responses and ATC
 * invalidation requests (PCIe ATS and PRI, which IHI 0070 §3.9 and chapter 8 assume).
 */
interface AtsPort {
    /**
     * A Page Request Group Response arrives.
     *
     * @param ssid the PASID of the group, or -1
     * @param prgi the page request group index
     * @param code {@link Regs#PRI_RESP_SUCC}, {@link Regs#PRI_RESP_DENY} (invalid request) or
     *     {@link Regs#PRI_RESP_FAIL} (response failure)
     */
    void prgResponse(int ssid, int prgi, int code);

    /**
     * An ATC invalidation request arrives: the endpoint drops the cached translations of the range
     * now and answers with an invalidation completion after the time it returns.
     *
     * @return ns from the request's arrival to the completion leaving the endpoint
     */
    long invalidateAtc(int ssid, long va, long length);
}
