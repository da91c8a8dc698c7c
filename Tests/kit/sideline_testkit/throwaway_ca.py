"""A certificate authority made for one test run with `openssl`: its certificate is the file a club with its
own CA gives its kiosks (`sideline club join --ca-file`), and it signs the club server's certificate for the
addresses the kiosks dial. Keys are P-256 and never leave the run's temporary folder. Certificates are valid
from yesterday for three days (openssl 3.0 dates them from its own clock, which libfaketime sets a day back),
as a real one is: a kiosk whose clock runs ten minutes slow still finds them valid."""
import os
import pathlib
import subprocess

from sideline_testkit.faketime import skewed


def openssl(*args: str):
    subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=60, env={**os.environ, **skewed("-1d")})


class ThrowawayCA:
    def __init__(self, folder: pathlib.Path, name: str = "Sideline test CA"):
        self.folder = folder
        self.cert, self.key = folder / "ca.pem", folder / "ca.key"
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "3",
                "-subj", f"/CN={name}", "-keyout", str(self.key), "-out", str(self.cert),
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")

    def issue(self, name: str, addresses: list) -> tuple:
        """(certificate, key) for a server known by these IP addresses, signed by this CA."""
        cert, key, request = (self.folder / f"{name}.{suffix}" for suffix in ("pem", "key", "csr"))
        extensions = self.folder / f"{name}.ext"
        extensions.write_text("basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                              f"subjectAltName={','.join('IP:' + a for a in addresses)}\n")
        openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", f"/CN={name}",
                "-keyout", str(key), "-out", str(request))
        openssl("x509", "-req", "-in", str(request), "-CA", str(self.cert), "-CAkey", str(self.key), "-CAcreateserial",
                "-days", "3", "-extfile", str(extensions), "-out", str(cert))
        return cert, key
