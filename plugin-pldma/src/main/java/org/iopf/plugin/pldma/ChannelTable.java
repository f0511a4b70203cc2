package org.iopf.plugin.pldma;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The PLDMA's virtualised channels: per protection domain and channel number, how many of its
 * buffers are active (at most {@code buffersPerChannel}: double buffering) and which transfers
 * wait for one, in order.
 */
final class ChannelTable {
    /** A channel of a domain. */
    record ChannelId(int domain, int channel) {
    }

    private static final class Channel {
        int active;
        final ArrayDeque<ChannelSlot> waiting = new ArrayDeque<>();
    }

    private final int buffersPerChannel;
    private final Map<ChannelId, Channel> channels = new TreeMap<>(
            Comparator.comparingInt(ChannelId::domain).thenComparingInt(ChannelId::channel));
    private final Map<WireKey, ChannelId> channelOf = new HashMap<>();

    ChannelTable(int buffersPerChannel) {
        this.buffersPerChannel = buffersPerChannel;
    }

    /** Gives {@code slot} a buffer of channel {@code id} now (activating it) or queues it. */
    void occupy(WireKey key, ChannelId id, ChannelSlot slot) {
        channelOf.put(key, id);
        Channel channel = channels.computeIfAbsent(id, c -> new Channel());
        if (channel.active < buffersPerChannel) {
            channel.active++;
            slot.activate();
        } else {
            channel.waiting.addLast(slot);
        }
    }

    /** Frees the buffer {@code slot} held (or takes it out of the queue) and activates the next waiting one. */
    void release(WireKey key, ChannelSlot slot, boolean wasActive) {
        ChannelId id = channelOf.remove(key);
        if (id == null) {
            return;
        }
        Channel channel = channels.get(id);
        if (!wasActive) {
            channel.waiting.remove(slot);
            return;
        }
        channel.active--;
        ChannelSlot next = channel.waiting.pollFirst();
        if (next != null) {
            channel.active++;
            next.activate();
        }
    }

    /** A line per channel used so far: domain, channel, active buffers, queued transfers. */
    List<String> render() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("%-8s %-8s %-7s %-7s", "domain", "channel", "active", "queued"));
        channels.forEach((id, ch) -> lines.add(String.format("%-8d %-8d %-7d %-7d", id.domain(), id.channel(),
                ch.active, ch.waiting.size())));
        return lines;
    }
}
