#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""Unpacking a results archive (.tgz, .txz) the same way on every Python the scripts run on: with tarfile's "data"
filter where the Python has it (3.12; 3.11.4 on), else refusing, before anything is written, a member that is not a
plain file or folder or that would land outside the destination (Debian 12's Python 3.11.2 has no filter)."""
import atexit
import os
import shutil
import tarfile
import tempfile


def unpack(archive, dest):
    """Unpacks ARCHIVE into the folder DEST."""
    with tarfile.open(archive) as t:
        if hasattr(tarfile, "data_filter"):
            t.extractall(dest, filter="data")
            return
        root = os.path.realpath(dest)
        for m in t.getmembers():
            inside = os.path.realpath(os.path.join(root, m.name))
            if not (m.isfile() or m.isdir()) or os.path.commonpath([root, inside]) != root:
                raise SystemExit(f"{archive}: {m.name} is not a plain file or folder inside the archive; not unpacked")
        t.extractall(dest)


def scratch():
    """A new temporary folder, removed with all it holds when the script ends."""
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, True)
    return tmp


def folder(path):
    """PATH itself if it is a folder; if it is an archive of one folder, that folder unpacked in a temporary one,
    removed when the script ends."""
    if os.path.isdir(path):
        return path
    tmp = scratch()
    unpack(path, tmp)
    return os.path.join(tmp, os.listdir(tmp)[0])
