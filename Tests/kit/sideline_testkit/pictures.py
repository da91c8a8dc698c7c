"""Test pictures for the player photos, made with OpenCV (an independent encoder), and colours
compared as a photo's JPEG round trip leaves them."""
import cv2
import numpy


def picture(path, width, height, top_bgr, bottom_bgr=None):
    """A picture file (its format by its extension): the top half one colour, the bottom half another."""
    image = numpy.zeros((height, width, 3), numpy.uint8)
    image[:, :] = top_bgr
    if bottom_bgr is not None:
        image[height // 2:, :] = bottom_bgr
    assert cv2.imwrite(str(path), image)
    return path


def near(a, b, tolerance=24):
    """Whether two colours differ by at most `tolerance` in every channel."""
    return all(abs(int(x) - int(y)) <= tolerance for x, y in zip(a, b))
