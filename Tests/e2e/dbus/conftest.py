import pytest

from sideline_testkit.bluez_mock import MockBluez


@pytest.fixture
def bluez():
    """A private system bus with python-dbusmock's bluez5 template and adapter hci0."""
    mock = MockBluez()
    mock.add_adapter('hci0')
    yield mock
    mock.close()
