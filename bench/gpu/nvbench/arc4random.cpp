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
/* The static libstdc++ wants glibc 2.36's arc4random; the H200 host has glibc 2.34. */
#include <sys/random.h>
extern "C" unsigned int arc4random(void) { unsigned int v = 0; while (getrandom(&v, sizeof v, 0) != sizeof v) { } return v; }
