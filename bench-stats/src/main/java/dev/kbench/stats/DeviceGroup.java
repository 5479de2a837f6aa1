/*
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.kbench.stats;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One device's tags: the rows of a samples CSV that share {@code host}, {@code backend}, {@code device}
 * and {@code device_id} come from one device. A file without device tags is one group with empty tags.
 * {@link SampleSet#deviceGroups()} lists a file's groups and {@link SampleSet#only(DeviceGroup)} keeps one.
 *
 * @param host the host name, empty if untagged
 * @param backend the driver, empty if untagged
 * @param device the device name, empty if untagged
 * @param deviceId the PCI bus id or UUID, empty if unknown
 */
public record DeviceGroup(String host, String backend, String device, String deviceId) {

    /** Validates. */
    public DeviceGroup {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(deviceId, "deviceId");
    }

    /**
     * The group of one row.
     *
     * @param r the row
     * @return its device's tags
     */
    public static DeviceGroup of(SampleRecord r) {
        return new DeviceGroup(r.host(), r.backend(), r.device(), r.deviceId());
    }

    /**
     * The devices of some rows, in order of first appearance.
     *
     * @param samples the rows of one file (or several merged)
     * @return the groups, at least one when {@code samples} is not empty
     */
    public static List<DeviceGroup> of(List<SampleRecord> samples) {
        Set<DeviceGroup> groups = new LinkedHashSet<>();
        samples.forEach(r -> groups.add(of(r)));
        return new ArrayList<>(groups);
    }

    /**
     * The group a selector names: the device id ({@code 0000:18:00.0}), {@code host:device_id}, or a
     * 0-based position among {@code groups}.
     *
     * @param groups the groups of a file, from {@link #of(List)}
     * @param selector what the user gave
     * @param option the option's name, for the message
     * @return the group
     * @throws InputException if none or several match, listing the groups
     */
    public static DeviceGroup select(List<DeviceGroup> groups, String selector, String option) {
        String wanted = selector.strip();
        List<DeviceGroup> matches = groups.stream()
                .filter(g -> !g.deviceId().isEmpty() && (g.deviceId().equalsIgnoreCase(wanted)
                        || (g.host() + ":" + g.deviceId()).equalsIgnoreCase(wanted)))
                .toList();
        if (matches.isEmpty() && !wanted.isEmpty() && wanted.chars().allMatch(Character::isDigit) && wanted.length() < 9) {
            int position = Integer.parseInt(wanted);
            if (position < groups.size()) {
                return groups.get(position);
            }
        }
        if (matches.size() == 1) {
            return matches.getFirst();
        }
        throw new InputException(option + " '" + selector + "' " + (matches.isEmpty() ? "matches no device"
                : "matches " + matches.size() + " devices (add the host: HOST:ID)") + "; the samples have "
                + groups.size() + ": " + describe(groups));
    }

    /**
     * The groups numbered as {@link #select} numbers them.
     *
     * @param groups the groups
     * @return e.g. {@code 0 = NVIDIA H200 [0000:18:00.0] on node1; 1 = ...}
     */
    public static String describe(List<DeviceGroup> groups) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            parts.add(i + " = " + groups.get(i).label());
        }
        return String.join("; ", parts);
    }

    /**
     * A readable name, e.g. {@code NVIDIA H200 [0000:18:00.0] on node1}.
     *
     * @return the label; {@code untagged} for rows without tags
     */
    public String label() {
        if (host.isEmpty() && backend.isEmpty() && device.isEmpty() && deviceId.isEmpty()) {
            return "untagged";
        }
        return (backend.isEmpty() ? "" : backend + " ") + (device.isEmpty() ? "?" : device)
                + (deviceId.isEmpty() ? "" : " [" + deviceId + "]") + (host.isEmpty() ? "" : " on " + host);
    }

    /**
     * Why two sets of samples must not be compared: the device fields ({@code backend}, {@code device},
     * {@code device_id}) whose values differ between them, or empty when they agree. Untagged values are
     * ignored, so an untagged file compares as before; the host is not compared (the same GPU model in
     * the same slot of two hosts compares) unless a side holds several hosts and the other side not the
     * same ones: a merged file of a fleet is not pooled against one machine.
     *
     * @param base the devices of the base samples, e.g. {@link SampleSet#deviceGroups()}
     * @param next the devices of the new samples
     * @return e.g. {@code device_id: base 0000:18:00.0, new 0000:2a:00.0}, one line per field; empty if
     *         they agree
     */
    public static List<String> mismatches(List<DeviceGroup> base, List<DeviceGroup> next) {
        List<String> lines = new ArrayList<>();
        Set<String> baseHosts = values(base, DeviceGroup::host);
        Set<String> nextHosts = values(next, DeviceGroup::host);
        if ((baseHosts.size() > 1 || nextHosts.size() > 1) && !baseHosts.equals(nextHosts)) {
            // a merged file of a fleet against one host: pooling would mix machines into one distribution
            lines.add(String.format(Locale.ROOT, "host: base %s, new %s (a side of several hosts would pool their "
                    + "machines)", String.join(" | ", baseHosts), String.join(" | ", nextHosts)));
        }
        field(lines, "backend", values(base, DeviceGroup::backend), values(next, DeviceGroup::backend));
        field(lines, "device", values(base, DeviceGroup::device), values(next, DeviceGroup::device));
        field(lines, "device_id", values(base, DeviceGroup::deviceId), values(next, DeviceGroup::deviceId));
        return lines;
    }

    private static void field(List<String> lines, String name, Set<String> base, Set<String> next) {
        if (!base.isEmpty() && !next.isEmpty() && !base.equals(next)) {
            lines.add(String.format(Locale.ROOT, "%s: base %s, new %s", name, String.join(" | ", base),
                    String.join(" | ", next)));
        }
    }

    private static Set<String> values(List<DeviceGroup> groups, Function<DeviceGroup, String> field) {
        Set<String> values = new TreeSet<>();
        for (DeviceGroup g : groups) {
            String v = field.apply(g);
            if (!v.isEmpty()) {
                values.add(v);
            }
        }
        return values;
    }
}
