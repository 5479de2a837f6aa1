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
package dev.kbench.api;

import dev.kbench.api.internal.BackendNames;
import dev.kbench.spi.Driver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Finds the backends on the class or module path (every provider of {@code dev.kbench.spi.Driver})
 * and returns the one to use, as Triton's
 * {@code runtime.driver.active}: exactly one may be active unless one is chosen explicitly.
 *
 * <p>Precedence, highest first: {@link #setActive(Backend)}; the name in
 * {@code -Dkbench.backend=NAME}; the name in the environment variable {@code KBENCH_BACKEND}; the
 * single active driver. Discovery happens once, lazily, in two steps: finding the providers and their
 * names (cheap: {@link #sourceKinds()} needs no more), then probing each (loading its native library,
 * initializing its API: {@link #statuses()}, {@link #active()}, {@link #select(String)}). Instances are
 * thread-safe.
 *
 * {@snippet :
 * Backend backend = Drivers.system().active();   // throws DriverLookupException unless exactly one is active
 * Device device = backend.device();
 * }
 */
public final class Drivers {

    /** The system property that names the driver to use. */
    public static final String BACKEND_PROPERTY = "kbench.backend";
    /** The environment variable that names the driver to use. */
    public static final String BACKEND_ENV = "KBENCH_BACKEND";

    /** The last line of a lookup error: how a library caller chooses a driver. */
    private static final String HINT = "Choose one with Drivers.system().select(NAME) or setActive(backend), -D"
            + BACKEND_PROPERTY + "=NAME or " + BACKEND_ENV + "=NAME; Drivers.system().statuses() lists every driver's state.";

    private static final Drivers SYSTEM = new Drivers(Drivers::loadProviders, System::getProperty, System::getenv);

    private final Supplier<List<Found>> discovery;
    private final Function<String, String> properties;
    private final Function<String, String> environment;
    private List<Found> found;
    private List<DriverStatus> statuses;
    private Backend chosen;

    /**
     * A provider as discovery found it, not probed yet: a backend, the name it gave and the kinds it takes, or a
     * provider that failed to load, to name itself or to say its kinds, or shares its name with another (then
     * {@code broken} says so and the others are null).
     */
    private record Found(Backend backend, String name, Set<SourceKind> kinds, DriverStatus broken) {
    }

    private Drivers(Supplier<List<Found>> discovery, Function<String, String> properties,
                    Function<String, String> environment) {
        this.discovery = discovery;
        this.properties = properties;
        this.environment = environment;
    }

    /**
     * The lookup over {@link ServiceLoader}, the system properties and the environment.
     *
     * @return the process-wide lookup
     */
    public static Drivers system() {
        return SYSTEM;
    }

    /**
     * A lookup over given drivers, ignoring system properties and the environment: for embedding
     * and tests.
     *
     * @param backends the backends, in discovery order
     * @return a new lookup
     */
    public static Drivers of(List<? extends Backend> backends) {
        List<Backend> copy = List.copyOf(backends);
        return new Drivers(() -> unique(copy.stream().map(Drivers::named).toList()), key -> null, key -> null);
    }

    /**
     * Every discovered provider with its state, in discovery order; broken providers included.
     *
     * @return the statuses
     */
    public synchronized List<DriverStatus> statuses() {
        if (statuses == null) {
            statuses = found().stream().map(f -> f.backend() == null ? f.broken() : probe(f.backend(), f.name())).toList();
        }
        return statuses;
    }

    /** The providers discovery found, in order, without probing them. */
    private synchronized List<Found> found() {
        if (found == null) {
            found = List.copyOf(discovery.get());
        }
        return found;
    }

    /**
     * The kinds of kernel code the backends found take, in discovery order (each backend's
     * {@link Backend#sourceKinds()}, whether active or not; providers that fail to load or to name
     * themselves contribute none). This, not a list kept by kbench, is what
     * {@link KernelSource#of(java.nio.file.Path)} tells file kinds by. It probes no backend: a process that
     * only checks its input files (the parent of forks) loads no driver's native library.
     *
     * @return the kinds, without repeats
     */
    public Set<SourceKind> sourceKinds() {
        Set<SourceKind> kinds = new LinkedHashSet<>();
        for (Found f : found()) {
            if (f.backend() != null) {
                kinds.addAll(f.kinds());
            }
        }
        return Collections.unmodifiableSet(kinds);
    }

    /**
     * The driver to use, by the precedence in the class description.
     *
     * @return the driver
     * @throws DriverLookupException if no single driver can be chosen, with Triton's message
     */
    public synchronized Backend active() {
        if (chosen != null) {
            return chosen;
        }
        String property = properties.apply(BACKEND_PROPERTY);
        if (given(property)) {
            return select(property.trim(), "-D" + BACKEND_PROPERTY);
        }
        String env = environment.apply(BACKEND_ENV);
        if (given(env)) {
            return select(env.trim(), BACKEND_ENV);
        }
        List<DriverStatus> active = statuses().stream().filter(DriverStatus::active).toList();
        if (active.size() != 1) {
            String names = active.stream().map(DriverStatus::name).collect(Collectors.joining(", "));
            throw new DriverLookupException(active.size() + " active drivers ([" + names
                    + "]). There should only be one.\n" + states(), HINT);
        }
        return active.getFirst().backend().orElseThrow();
    }

    /**
     * Whether a driver is chosen explicitly, by {@link #setActive(Backend)}, {@code -Dkbench.backend} or
     * {@code KBENCH_BACKEND}: then {@link #active()} returns that one (or fails on its name) whatever the
     * number of active drivers.
     *
     * @return true if {@link #active()} does not apply the one-active rule
     */
    public synchronized boolean chosenExplicitly() {
        return chosen != null || given(properties.apply(BACKEND_PROPERTY)) || given(environment.apply(BACKEND_ENV));
    }

    private static boolean given(String name) {
        return name != null && !name.isBlank();
    }

    /**
     * The named driver, which must be discovered and active.
     *
     * @param name a backend's {@link Backend#name()}, as {@link #statuses()} lists them
     * @return the driver
     * @throws DriverLookupException if no driver has that name or it is inactive, listing the others
     */
    public Backend select(String name) {
        return select(name, "Drivers.select");
    }

    /**
     * The named driver, which must be discovered and active; the error quotes where the name came from.
     *
     * @param name a backend's {@link Backend#name()}, as {@link #statuses()} lists them
     * @param origin where the caller got the name, e.g. a command-line option such as {@code --backend}
     * @return the driver
     * @throws DriverLookupException if no driver has that name or it is inactive, listing the others
     */
    public synchronized Backend select(String name, String origin) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        String wanted = name.toLowerCase(Locale.ROOT);
        for (DriverStatus status : statuses()) {
            if (status.name().equals(wanted)) {
                if (!status.active()) {
                    throw new DriverLookupException("backend '" + wanted + "' (from " + origin + ") is "
                            + status.state() + ": " + status.reason() + "\n" + states(), HINT);
                }
                return status.backend().orElseThrow();
            }
        }
        throw new DriverLookupException("unknown backend '" + name + "' (from " + origin + "); available: ["
                + names() + "]\n" + states(), HINT);
    }

    /**
     * Makes {@code driver} the active one, over every other rule (Triton's {@code driver.set_active}).
     *
     * @param backend the backend to use from now on
     */
    public synchronized void setActive(Backend backend) {
        this.chosen = Objects.requireNonNull(backend, "backend");
    }

    /** Forgets {@link #setActive(Backend)}; the lookup rules apply again. */
    public synchronized void resetActive() {
        this.chosen = null;
    }

    private String names() {
        return statuses().stream().map(DriverStatus::name).collect(Collectors.joining(", "));
    }

    /** One line per discovered driver with its state, without a trailing newline. */
    private String states() {
        StringBuilder text = new StringBuilder();
        if (statuses().isEmpty()) {
            text.append("no kbench backend was found on the class path or module path; add a backend module "
                    + "(a jar that provides " + Driver.class.getName() + ").\n");
        }
        for (DriverStatus status : statuses()) {
            text.append(status.describe()).append('\n');
        }
        return text.toString().stripTrailing();
    }

    private static List<Found> loadProviders() {
        List<Found> found = new ArrayList<>();
        Iterator<Driver> providers = ServiceLoader.load(Driver.class).iterator();
        // ServiceLoader's iterator makes a best effort to continue after a provider fails; bound the
        // loop in case a broken configuration keeps failing at the same place.
        for (int failures = 0; failures < 16; ) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                found.add(named(providers.next()));
            } catch (ServiceConfigurationError e) {
                failures++;
                found.add(broken(brokenName(e), describe(e)));
            }
        }
        return unique(found);
    }

    private static Found broken(String name, String reason) {
        return new Found(null, null, null, new DriverStatus(name, DriverStatus.State.BROKEN, reason, Optional.empty()));
    }

    /**
     * A found provider, broken (named by its class) if it cannot name itself by the rule of names, or cannot say
     * which kinds of kernel code it takes: a fault of one backend's that would otherwise fail every lookup,
     * the healthy backends' too.
     */
    private static Found named(Backend driver) {
        String name;
        try {
            name = BackendNames.check(driver.name());
        } catch (RuntimeException | LinkageError e) {
            return broken(driver.getClass().getName(), "its name: " + describe(e));
        }
        try {
            Set<SourceKind> kinds = new LinkedHashSet<>(driver.sourceKinds());   // in its order of preference
            if (kinds.contains(null)) {
                throw new IllegalArgumentException("sourceKinds() holds null");
            }
            return new Found(driver, name, Collections.unmodifiableSet(kinds), null);
        } catch (RuntimeException | LinkageError e) {
            return broken(name, "its kinds of kernel code (sourceKinds): " + describe(e));
        }
    }

    /**
     * The providers with every one that shares its name with another made broken: a name selects one backend,
     * and which of two the lookup took would depend on the order of the path.
     */
    private static List<Found> unique(List<Found> found) {
        Map<String, List<Found>> byName = new HashMap<>();
        for (Found f : found) {
            if (f.name() != null) {
                byName.computeIfAbsent(f.name(), n -> new ArrayList<>()).add(f);
            }
        }
        return found.stream().map(f -> f.name() == null || byName.get(f.name()).size() == 1 ? f
                : broken(f.name(), byName.get(f.name()).size() + " backends are named '" + f.name() + "' ("
                        + byName.get(f.name()).stream().map(s -> s.backend().getClass().getName())
                        .collect(Collectors.joining(", ")) + "); remove all but one from the path")).toList();
    }

    /** A named provider's state: its availability, broken if asking threw. */
    private static DriverStatus probe(Backend driver, String name) {
        try {
            Availability availability = driver.availability();
            return new DriverStatus(name, availability.active() ? DriverStatus.State.ACTIVE : DriverStatus.State.INACTIVE,
                    availability.reason(), Optional.of(driver));
        } catch (RuntimeException | LinkageError e) {
            return new DriverStatus(name, DriverStatus.State.BROKEN, "probing threw " + describe(e), Optional.empty());
        }
    }

    /**
     * The driver behind a backend, for the timing code that needs its events and cache clearers.
     *
     * @param backend a backend from a lookup
     * @return the backend as the driver it is
     * @throws IllegalArgumentException if the backend was implemented without {@link Driver}
     */
    static Driver driver(Backend backend) {
        Objects.requireNonNull(backend, "backend");
        if (backend instanceof Driver driver) {
            return driver;
        }
        throw new IllegalArgumentException("backend '" + backend.name() + "' (" + backend.getClass().getName()
                + ") is not a kbench driver: timing needs a backend from Drivers, which implements "
                + Driver.class.getName());
    }

    /**
     * The provider a loading failure is about, for its line: ServiceLoader's message names the service first
     * ({@code dev.kbench.spi.Driver: Provider dev.x.Mine could not be instantiated}); the provider's class is what
     * tells the user which backend is broken.
     */
    static String brokenName(ServiceConfigurationError e) {
        String message = String.valueOf(e.getMessage());
        java.util.regex.Matcher provider = java.util.regex.Pattern.compile("Provider (\\S+)").matcher(message);
        if (provider.find()) {
            return provider.group(1);
        }
        int colon = message.indexOf(':');
        return colon > 0 ? message.substring(0, colon).trim() : "unknown provider";
    }

    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.toString());
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            text.append(" caused by ").append(cause);
        }
        return text.toString();
    }
}
