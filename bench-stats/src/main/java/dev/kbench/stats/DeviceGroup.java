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

import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The samples one device produced: the rows of a samples CSV that share {@code host}, {@code backend},
 * {@code device} and {@code device_id}. A file without device tags is one group with empty tags.
 *
 * @param host the host name, empty if untagged
 * @param backend the driver, empty if untagged
 * @param device the device name, empty if untagged
 * @param deviceId the PCI bus id or UUID, empty if unknown
 * @param samples the group's rows, in file order
 */
public record DeviceGroup(String host, String backend, String device, String deviceId, List<SampleRecord> samples) {

    /** Validates and copies. */
    public DeviceGroup {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(deviceId, "deviceId");
        samples = List.copyOf(samples);
    }

    /**
     * The samples split by device, groups in order of first appearance.
     *
     * @param samples the rows of one file (or several merged)
     * @return the groups, at least one when {@code samples} is not empty
     */
    public static List<DeviceGroup> of(List<SampleRecord> samples) {
        Map<List<String>, List<SampleRecord>> groups = new LinkedHashMap<>();
        for (SampleRecord r : samples) {
            groups.computeIfAbsent(List.of(r.host(), r.backend(), r.device(), r.deviceId()), k -> new ArrayList<>()).add(r);
        }
        List<DeviceGroup> result = new ArrayList<>();
        groups.forEach((k, rows) -> result.add(new DeviceGroup(k.get(0), k.get(1), k.get(2), k.get(3), rows)));
        return result;
    }

    /**
     * The group a selector names: the device id ({@code 0000:18:00.0}), {@code host:device_id}, or a
     * 0-based position among {@code groups}.
     *
     * @param groups the groups of a file, from {@link #of(List)}
     * @param selector what the user gave
     * @param option the option's name, for the message
     * @return the group
     * @throws IllegalArgumentException if none or several match, listing the groups
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
        throw new IllegalArgumentException(option + " '" + selector + "' " + (matches.isEmpty() ? "matches no device"
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
     * {@code device_id}) whose values differ between them, or empty when they agree. Rows without any of
     * these tags are ignored, so an untagged file compares as before; the host is not compared (the same
     * GPU model in the same slot of two hosts compares).
     *
     * @param base the base samples
     * @param next the new samples
     * @return e.g. {@code device_id: base 0000:18:00.0, new 0000:2a:00.0}, one line per field; empty if
     *         they agree
     */
    public static List<String> mismatches(List<SampleRecord> base, List<SampleRecord> next) {
        List<String> lines = new ArrayList<>();
        field(lines, "backend", values(base, 0), values(next, 0));
        field(lines, "device", values(base, 1), values(next, 1));
        field(lines, "device_id", values(base, 2), values(next, 2));
        return lines;
    }

    private static void field(List<String> lines, String name, Set<String> base, Set<String> next) {
        if (!base.isEmpty() && !next.isEmpty() && !base.equals(next)) {
            lines.add(String.format(Locale.ROOT, "%s: base %s, new %s", name, String.join(" | ", base),
                    String.join(" | ", next)));
        }
    }

    private static Set<String> values(List<SampleRecord> rows, int which) {
        Set<String> values = new TreeSet<>();
        for (SampleRecord r : rows) {
            String v = switch (which) {
                case 0 -> r.backend();
                case 1 -> r.device();
                default -> r.deviceId();
            };
            if (!v.isEmpty()) {
                values.add(v);
            }
        }
        return values;
    }
}
