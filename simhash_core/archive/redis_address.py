"""Reaching a Redis archive: the address a teacher gives (``redis://HOST:PORT/DB`` for
one server, ``redis+cluster://HOST:PORT`` for a cluster), the redis-py client opened on
it, and what a failure means for the teacher, as a :class:`Message` that never shows
the password (a server that is down, a missing or wrong password, an address that is
not usable, a server that does not speak Redis).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from simhash_core.archive.base import ArchiveError
from simhash_core.messages import Message

CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")
MAX_PARTITIONS = 1024


def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster.

    >>> is_cluster_url("redis+cluster://127.0.0.1:7000"), is_cluster_url("redis://h:1/0")
    (True, False)
    """
    return url.lower().startswith(CLUSTER_SCHEMES)


def _partitions(asked: list[str]) -> int | None:
    """The number of partitions an address asks for (the last ``partitions=``)."""
    if not asked:
        return None
    try:
        partitions = int(asked[-1])
    except ValueError:
        partitions = 0
    if not 1 <= partitions <= MAX_PARTITIONS:
        raise ValueError(f"partitions must be a number from 1 to {MAX_PARTITIONS}")
    return partitions


def split_cluster_url(url: str) -> tuple[str, int | None]:
    """The address the cluster client takes, and the partitions asked for (``None``:
    the default, or what the archive already has).

    >>> split_cluster_url("redis+cluster://:pw@h:7000?partitions=24")
    ('redis://:pw@h:7000', 24)
    >>> split_cluster_url("rediss+cluster://h:7000")
    ('rediss://h:7000', None)
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower().removesuffix("+cluster")
    query = parse_qsl(parts.query, keep_blank_values=True)
    partitions = _partitions([v for k, v in query if k == "partitions"])
    rest = [(k, v) for k, v in query if k != "partitions"]
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(rest), "")), partitions


def without(exc: Exception, url: str) -> str:
    """An exception's text with the URL (which may hold a password) taken out."""
    from simhash_core.shown_location import shown_location

    return str(exc).replace(url, shown_location(url))


def auth_reason(location: str, message: str, has_password: bool) -> Message:
    """What a refused login means for the teacher.

    >>> str(auth_reason("redis://h:1/0", "NOAUTH Authentication required.", False))
    'the Redis archive at redis://h:1/0 needs a password: give it as redis://:PASSWORD@HOST:PORT/DB'
    """
    lowered = message.lower()
    if "no password is set" in lowered or "without any password configured" in lowered:
        return Message.of("archive.redis-no-password", location=location)
    if not has_password or "noauth" in lowered:
        return Message.of("archive.redis-needs-password", location=location)
    return Message.of("archive.redis-refused", location=location)


def _unreachable(errors: Any) -> tuple[type[Exception], ...]:
    """The redis-py errors that mean the server (or cluster) cannot be reached."""
    return (
        errors.ConnectionError,
        errors.TimeoutError,
        errors.ClusterDownError,
        errors.ClusterError,
        errors.RedisClusterException,
    )


def reason(exc: Exception, location: str) -> Message | None:
    """What a redis-py error means for the teacher (``None``: not a Redis error)."""
    import redis.exceptions as errors

    if not isinstance(exc, errors.RedisError | errors.RedisClusterException):
        return None
    if isinstance(exc, errors.AuthenticationError):
        return auth_reason(location, str(exc), True)
    if isinstance(exc, _unreachable(errors)):
        return Message.of("archive.unreachable", location=location, detail=str(exc))
    return Message.of("archive.redis-error", location=location, detail=str(exc))


@contextlib.contextmanager
def translating(location: str) -> Iterator[None]:
    """Raise redis-py's errors inside the block as :class:`ArchiveError`."""
    try:
        yield
    except ArchiveError:
        raise
    except Exception as exc:
        why = reason(exc, location)
        if why is None:
            raise
        raise ArchiveError(why) from exc


def _client(url: str, location: str, timeout: float) -> tuple[Any, int | None]:
    """The redis-py client for ``url`` (not yet connected) and the partitions the
    address asks for."""
    import redis
    import redis.cluster

    kwargs = {"socket_timeout": timeout, "socket_connect_timeout": min(timeout, 10.0)}
    try:
        if is_cluster_url(url):
            plain, asked = split_cluster_url(url)
            return redis.cluster.RedisCluster.from_url(plain, **kwargs), asked
        return redis.Redis.from_url(url, **kwargs), None
    except (ValueError, TypeError, IndexError) as exc:
        detail = without(exc, url)
        raise ArchiveError(
            Message.of("archive.bad-address", location=location, detail=detail)
        ) from exc
    except redis.exceptions.RedisClusterException as exc:
        raise ArchiveError(
            Message.of("archive.unreachable", location=location, detail=str(exc))
        ) from exc


def _has_password(client: Any) -> bool:
    """Whether the address gave a password."""
    if hasattr(client, "get_connection_kwargs"):  # a cluster client
        return bool(client.get_connection_kwargs().get("password"))
    return bool(client.connection_pool.connection_kwargs.get("password"))


def _ping(client: Any, location: str) -> None:
    """Log in and ping; a refused login says what the teacher should change."""
    import redis.exceptions as errors

    try:
        client.ping()
    except errors.AuthenticationError as exc:
        raise ArchiveError(auth_reason(location, str(exc), _has_password(client))) from exc
    except errors.ResponseError as exc:
        if "NOAUTH" in str(exc) or "auth" in str(exc).lower():
            why = auth_reason(location, str(exc), _has_password(client))
            raise ArchiveError(why) from exc
        raise


def connect(url: str, location: str, timeout: float) -> tuple[Any, int | None]:
    """A redis-py client (``redis.Redis`` or ``RedisCluster``) that answered a ping,
    and the partitions the address asks for; :class:`ArchiveError` otherwise."""
    try:
        import redis  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ArchiveError(Message.of("archive.no-redis-package")) from exc
    with translating(location):
        client, asked = _client(url, location, timeout)
        _ping(client, location)
    return client, asked
