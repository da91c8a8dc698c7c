"""A USB stick as the appliance's udev rule presents it, on the host, for the kiosk's headless
reference rendering of its stick notices (screens.py): an autofs trigger at the stick's folder
(what `systemd-mount --automount` leaves while the stick is in) with a tmpfs mounted over it (the
stick's file system while the kiosk writes). Unmounting the tmpfs is the automount's idle release;
unmounting the trigger is the stick pulled. Needs root (mount(2)). Nothing serves the trigger:
this process is its "daemon" (pgrp=), so its own lookups (the tmpfs mounted over it) pass
untriggered; before the release the trigger is made catatonic (AUTOFS_IOC_CATATONIC), so the
kiosk's next lookup there fails at once (ENOENT) where systemd would mount the stick again, instead
of waiting for a mount that never comes. (Closing the request pipe instead ends the kiosk with
SIGPIPE.)"""
import ctypes
import fcntl
import os

_libc = ctypes.CDLL(None, use_errno=True)
AUTOFS_IOC_CATATONIC = 0x9362  # _IO(0x93, 0x62), linux/auto_fs.h


def _mount(source, target, fstype, options):
    if _libc.mount(source.encode(), str(target).encode(), fstype.encode(), 0, options.encode()) != 0:
        raise OSError(ctypes.get_errno(), f'mount -t {fstype} {target}: {os.strerror(ctypes.get_errno())}')


def _unmount(target):
    if _libc.umount2(str(target).encode(), 0) != 0:
        raise OSError(ctypes.get_errno(), f'umount {target}: {os.strerror(ctypes.get_errno())}')


class AutomountedStick:
    def __init__(self, folder):
        self.folder = folder
        self.trigger = None  # the pipe (read, write) and a descriptor of the trigger's root
        self.mounted = False

    def plug(self):
        """The stick in: the trigger, then its file system over it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        read, write = os.pipe()
        _mount('sideline-reference', self.folder, 'autofs', f'fd={write},pgrp={os.getpgrp()},minproto=5,maxproto=5,direct')
        self.trigger = (read, write, os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY))
        _mount('stick', self.folder, 'tmpfs', 'size=16m,mode=0777')
        self.mounted = True

    def release(self):
        """The automount's idle unmount: the trigger stays, the file system goes."""
        if self.mounted:
            fcntl.ioctl(self.trigger[2], AUTOFS_IOC_CATATONIC)
            _unmount(self.folder)
            self.mounted = False

    def pull(self):
        self.release()
        if self.trigger:
            for fd in self.trigger:
                os.close(fd)
            _unmount(self.folder)
            self.trigger = None
