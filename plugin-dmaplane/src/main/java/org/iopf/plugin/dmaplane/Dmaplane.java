package org.iopf.plugin.dmaplane;

import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.iopf.api.buffer.AllocationResult;
import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.Buffer;
import org.iopf.api.buffer.BufferManager;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.fabric.Endpoint;
import org.iopf.api.fabric.Fabric;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.MemoryManager;
import org.iopf.api.nic.Nic;
import org.iopf.api.observe.Inspectable;
import org.iopf.api.platform.ComponentContext;
import org.iopf.api.platform.Node;
import org.iopf.api.sim.CpuCore;

/**
 * The dmaplane device (seed 004): the buffer-manager role of its node, and the way in to its other
 * parts — channels with submit and completion rings, the lock set with its order checker, the
 * memory-system model, the RDMA engine (over the node's NIC component if there is one, else the
 * built-in Soft-RoCE transport) and the GPU BAR. Offers the text views {@code buffers},
 * {@code rdma}, {@code numa}, {@code channels} and {@code locks} (seed 004 §7.2 debugfs).
 */
final class Dmaplane implements BufferManager, Inspectable {
    private static final List<String> VIEWS = List.of("buffers", "rdma", "numa", "channels", "locks");

    private final ComponentContext context;
    private final MemoryManager memory;
    private final Fabric fabric;
    private final DmaplaneParameters.Values values;
    private final DmaplaneBufferManager buffers;
    private final MemorySystemModel memorySystem;
    private final LockOrderChecker locks;
    private final List<Channel> channels = new ArrayList<>();
    private final GpuBar gpu;
    private Nic nodeNic;
    private RdmaEngine rdma;

    @Inject
    Dmaplane(ComponentContext context, MemoryManager memory, Fabric fabric) {
        this.context = Objects.requireNonNull(context, "context is null");
        this.memory = Objects.requireNonNull(memory, "memory is null");
        this.fabric = Objects.requireNonNull(fabric, "fabric is null");
        this.values = DmaplaneParameters.Values.from(context.parameters());
        if (values.numaNode() >= memory.physicalMemory().topology().nodeCount()) {
            throw new IllegalArgumentException(context.path() + ": numaNode " + values.numaNode()
                    + " is not a NUMA node of " + context.node());
        }
        this.buffers = new DmaplaneBufferManager(memory, values.coherentLimit(), context.metrics());
        this.memorySystem = new MemorySystemModel(values.memory(), memory.physicalMemory(), context.resources(),
                context.name());
        buffers.onFree(memorySystem::invalidate);
        DmaplaneStatistics.LLC_HITS.gauge(context.metrics(), () -> memorySystem.cache().hits());
        DmaplaneStatistics.LLC_MISSES.gauge(context.metrics(), () -> memorySystem.cache().misses());
        this.locks = new LockOrderChecker(context.scheduler(), context.tracer(), context.path(),
                DmaplaneStatistics.LOCK_ORDER_VIOLATIONS.counter(context.metrics()));
        List<CpuCore> cores = context.resources().cores();
        for (int i = 0; i < values.channels(); i++) {
            channels.add(new Channel(i, values.ringEntries(), cores.get(i % cores.size()), values.numaNode(), this,
                    context.path() + "/ch" + i, context.metrics()));
        }
        this.gpu = new GpuBar(values.gpu(), values.gpuWcMapping(), cores.get(0), context.resources(), context.name(),
                context.scheduler(), context.tracer(), context.path(), locks, context.metrics(), context.random());
    }

    /** The node's NIC, when the node has one; the RDMA engine then runs over it. */
    @com.google.inject.Inject(optional = true)
    void useNodeNic(Nic nic) {
        this.nodeNic = Objects.requireNonNull(nic, "nic is null");
    }

    /** The dmaplane device of {@code node}, or an error saying what fills its buffer-manager role. */
    static Dmaplane of(Node node) {
        BufferManager manager = node.requireRole(BufferManager.class);
        if (manager instanceof Dmaplane d) {
            return d;
        }
        throw new IllegalStateException("node '" + node.id() + "' has buffer manager " + manager.getClass().getSimpleName()
                + ", not dmaplane; give it {type: dmaplane}");
    }

    ComponentContext context() {
        return context;
    }

    DmaplaneParameters.Values values() {
        return values;
    }

    MemoryManager memory() {
        return memory;
    }

    DmaplaneBufferManager bufferManager() {
        return buffers;
    }

    MemorySystemModel memorySystem() {
        return memorySystem;
    }

    LockOrderChecker locks() {
        return locks;
    }

    List<Channel> channels() {
        return List.copyOf(channels);
    }

    GpuBar gpu() {
        return gpu;
    }

    /** The RDMA engine, created on first use over the node's NIC or the built-in Soft-RoCE transport. */
    RdmaEngine rdma() {
        if (rdma == null) {
            List<CpuCore> cores = context.resources().cores();
            Nic nic = nodeNic;
            String transport;
            if (nic != null) {
                transport = "node NIC " + nic.endpoint();
            } else {
                CpuCore tx = cores.get(Math.max(0, cores.size() - 2));
                CpuCore rx = cores.get(cores.size() - 1);
                nic = new SoftRoceNic(new Endpoint(context.node(), context.name() + "-rxe"), fabric, memory,
                        context.scheduler(), values.rxe(), tx, rx, context.metrics(), context.random());
                transport = "soft-roce " + nic.endpoint() + " (tx " + tx.name() + ", rx " + rx.name() + ")";
            }
            rdma = new RdmaEngine(context.path(), context.path() + "/rdma", nic, transport, buffers, locks,
                    cores.get(0), context.scheduler(), context.tracer(), values.postCost(), values.pollCost(),
                    values.registrationCost(), context.metrics(), context.random());
        }
        return rdma;
    }

    // ---- BufferManager ----

    @Override
    public AllocationResult allocate(AddressSpace owner, BufferSpec spec) {
        return buffers.allocate(owner, spec);
    }

    @Override
    public void retain(Buffer buffer) {
        buffers.retain(buffer);
    }

    @Override
    public void release(Buffer buffer) {
        buffers.release(buffer);
    }

    @Override
    public Attachment attach(Buffer buffer, String importer) {
        return buffers.attach(buffer, importer);
    }

    @Override
    public void detach(Attachment attachment) {
        buffers.detach(attachment);
    }

    @Override
    public List<Buffer> buffers() {
        return buffers.buffers();
    }

    @Override
    public long reservedBytes() {
        return buffers.reservedBytes();
    }

    // ---- Inspectable ----

    @Override
    public List<String> views() {
        return VIEWS;
    }

    @Override
    public List<String> render(String view) {
        Objects.requireNonNull(view, "view is null");
        return switch (view) {
            case "buffers" -> renderBuffers();
            case "rdma" -> rdma == null ? List.of("Post: 0", "Completions: 0", "Stalls: 0", "Transport: not opened")
                    : rdma.render();
            case "numa" -> buffers.placement().query().render();
            case "channels" -> renderChannels();
            case "locks" -> renderLocks();
            default -> throw new IllegalArgumentException("no view '" + view + "'; views are " + VIEWS);
        };
    }

    private List<String> renderBuffers() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-4s %10s %4s %4s %5s %6s %4s %s", "ID", "Size", "NUMA", "Refs", "mmaps",
                "import", "eng", "flags"));
        for (DmaplaneBuffer b : buffers.liveBuffers()) {
            String flags = (b.spec().mode().name().toLowerCase(Locale.ROOT)) + (b.isGpu() ? ",gpu" : "")
                    + (b.isRevoked() ? ",revoked" : "");
            lines.add(String.format(Locale.ROOT, "%-4d %10s %4d %4d %5d %6d %4d %s", b.id(), size(b.size()),
                    b.numaNode().orElse(-1), b.refCount(), b.mmaps(), b.attachments(), b.engineRefs(), flags));
        }
        return lines;
    }

    private static String size(long bytes) {
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1L << 20));
        }
        if (bytes >= 1L << 10) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / (double) (1L << 10));
        }
        return bytes + " B";
    }

    private List<String> renderChannels() {
        List<String> lines = new ArrayList<>();
        lines.add("CH  core      submitted completed stalls submit-ring completion-ring");
        for (Channel c : channels) {
            lines.add(String.format(Locale.ROOT, "%-3d %-9s %9d %9d %6d %5d/%-5d %5d/%-5d", c.index(), c.core().name(),
                    c.submitted(), c.completed(), c.stalls(), c.submitRing().size(), c.submitRing().capacity(),
                    c.completionRing().size(), c.completionRing().capacity()));
        }
        return lines;
    }

    private List<String> renderLocks() {
        List<String> lines = new ArrayList<>();
        lines.add("order: dev_mutex -> rdma_sem -> buf_lock -> mr_lock");
        for (LockClass c : LockClass.values()) {
            SimLock l = locks.lock(c);
            lines.add(String.format(Locale.ROOT, "%-9s holder %-16s waiting %d acquired %d contended %d", c.lockName(),
                    l.holder() == null ? "-" : l.holder(), l.waiting(), l.acquisitions(), l.contended()));
        }
        for (LockOrderViolation v : locks.violations()) {
            lines.add(v.describe());
        }
        return lines;
    }
}
