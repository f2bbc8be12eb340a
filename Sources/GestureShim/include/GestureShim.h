#pragma once
#include "flick_slide_box.h"
