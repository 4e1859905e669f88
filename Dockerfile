# One image for every sweeper service; docker-compose.yml picks the command.
FROM python:3.11-slim-bookworm

ENV DEBIAN_FRONTEND=noninteractive \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

# The virtual desktop: Xvfb, Debian's Chromium, xdemineur, Wine (winemine), xdotool, and
# tesseract-ocr to read a game's mine count (same list as ./run).
RUN apt-get update \
    && apt-get install -y --no-install-recommends xvfb chromium xdemineur wine xdotool x11-utils \
       tesseract-ocr \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home sweeper
WORKDIR /app
COPY pyproject.toml README.md ./
COPY analyzer ./analyzer
COPY coordinator ./coordinator
COPY core ./core
COPY effector ./effector
COPY practice ./practice
COPY recognizer ./recognizer
COPY serving ./serving
COPY templates ./templates
COPY sweeper ./sweeper
RUN pip install . && mkdir /recordings && chown sweeper /recordings

USER sweeper
ENV PATH="/usr/games:${PATH}"
