"""What is kept between runs on this machine: the fingerprint cache and its codec."""
